// REST (spec §7): /api/subscribe, /api/create-checkout-session, /api/contact-sales,
// /api/start-free-trial, /api/billing/portal, /api/admin/billing and its CSV export; thin adapters over
// billing.* (GET /api/subscription lives with the workflow paths).
import { Hono } from 'hono';
import type { AppEnv } from '../http/types';
import { csvDownload, readJson, rest } from './adapter';

/** The checkout paths take only the plan from the body; the procedure checks it. */
const planOf = (body: unknown) => ({ plan: typeof body === 'object' && body !== null && 'plan' in body ? body.plan : undefined });

export const billingRest = new Hono<AppEnv>()
  .post('/create-checkout-session', (c) => rest(c, async (api) => api.billing.checkout(planOf(await readJson(c)))))
  // The spec lists /api/subscribe with a plan and no shown answer: it starts the same checkout.
  .post('/subscribe', (c) => rest(c, async (api) => api.billing.checkout(planOf(await readJson(c)))))
  .post('/billing/portal', (c) => rest(c, (api) => api.billing.portal()))
  .post('/contact-sales', (c) => rest(c, async (api) => api.billing.contactSales((await readJson(c)) ?? {})))
  .post('/start-free-trial', (c) => rest(c, async (api) => api.billing.startTrial(await readJson(c))))
  .get('/admin/billing', (c) => rest(c, (api) => api.billing.adminList()))
  .get('/admin/billing/export', (c) => csvDownload(c, (api) => api.billing.adminCsv()));
