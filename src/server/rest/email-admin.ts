// REST: the Email Management and email test paths of spec §7, thin adapters over emailAdmin.*.
// Each answers for the caller's scope: staff the system's mail, others their own (or 403).
import { Hono } from 'hono';
import type { AppEnv } from '../http/types';
import { errorResponse, readJson, rest } from './adapter';
import { AppError } from '../errors';
import { MSG } from '../../shared/messages';

export const emailAdminRest = new Hono<AppEnv>()
  .get('/email/health', (c) => rest(c, (api) => api.emailAdmin.getHealth({})))
  .get('/email/metrics', (c) => rest(c, (api) => api.emailAdmin.getMetrics({})))
  .get('/admin/email/templates', (c) => rest(c, (api) => api.emailAdmin.listTemplates({})))
  .post('/email-direct/test-direct', (c) => rest(c, async (api) => api.emailAdmin.sendTest(await readJson(c))))
  .post('/send-test-email', (c) => rest(c, async (api) => api.emailAdmin.sendQuickTest(await readJson(c))))
  .post('/send-email', (c) => rest(c, async (api) => api.emailAdmin.sendCustom(await readJson(c))));

/** GET /test-email?email= lives outside /api (spec §7) but is served like the API (session, JSON). */
export const testEmailRest = new Hono<AppEnv>().get('/test-email', (c) => {
  // The spec makes this sending path a GET; a link on another site must not make a signed-in staff
  // member send mail, so browsers' cross-site navigations (Sec-Fetch-Site) are refused.
  const site = c.req.header('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return errorResponse(c, new AppError('FORBIDDEN', MSG.crossOrigin));
  return rest(c, (api) => api.emailAdmin.runDeliveryTest({ email: c.req.query('email') ?? '' }));
});
