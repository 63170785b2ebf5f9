// REST: the Email Management and email test paths of spec §7 (being built).
import { Hono } from 'hono';
import type { AppEnv } from '../http/types';

export const emailAdminRest = new Hono<AppEnv>();
/** GET /test-email?email= lives outside /api (spec §7) but is served like the API (session, JSON). */
export const testEmailRest = new Hono<AppEnv>();
