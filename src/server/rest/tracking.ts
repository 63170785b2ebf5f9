// Tracking of sent issues: the open pixel and signed click redirects (outside /api), and analytics REST paths.
import { Hono } from 'hono';
import type { AppEnv } from '../http/types';

export const trackingRest = new Hono<AppEnv>();
