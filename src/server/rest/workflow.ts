// REST: GET /api/integrations and GET /api/subscription (spec §7), thin adapters over the procedures.
import { Hono } from 'hono';
import type { AppEnv } from '../http/types';
import { rest } from './adapter';

export const workflowRest = new Hono<AppEnv>()
  .get('/integrations', (c) => rest(c, (api) => api.integrations.status()))
  .get('/subscription', (c) => rest(c, (api) => api.billing.subscription()));
