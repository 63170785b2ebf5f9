// REST: subscriber CSV upload and download (being built). Paths under /api/uploads/ take bodies up to 25 MB.
import { Hono } from 'hono';
import type { AppEnv } from '../http/types';

export const subscribersRest = new Hono<AppEnv>();
