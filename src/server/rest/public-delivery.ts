// Public delivery paths outside /api: one-click unsubscribe (/u/:token, RFC 8058) and the web
// archive of sent issues with its RSS feed (/p/:slug/...). No session, no CSRF check (being built).
import { Hono } from 'hono';
import type { AppEnv } from '../http/types';

export const publicDeliveryRest = new Hono<AppEnv>();
