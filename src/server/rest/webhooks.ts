// Provider webhooks (bounces, complaints, deliveries), mounted at /webhooks outside the session and
// CSRF checks: POST /webhooks/<kind>/<token>. The URL token finds the provider (unknown → 404); Resend
// and Mailgun requests must also carry the vendor's signature over the raw body (bad → 401).
import { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import type { AppEnv } from '../http/types';
import { mailProviders } from '../../../db/schema';
import { providerSettings } from '../delivery/transport';
import { decryptSecret } from '../delivery/secrets';
import { applyDeliveryEvents } from '../delivery/events';
import { parseWebhook, WEBHOOK_KINDS, type WebhookKind } from '../delivery/webhooks';

export const webhooksRest = new Hono<AppEnv>();

webhooksRest.post('/:kind/:token', async (c) => {
  const deps = c.get('deps');
  const kind = c.req.param('kind') as WebhookKind;
  const token = c.req.param('token');
  if (!(WEBHOOK_KINDS as readonly string[]).includes(kind) || token.length > 100) return c.json({ error: 'Not found' }, 404);
  const row = deps.db
    .select()
    .from(mailProviders)
    .where(and(eq(mailProviders.webhookToken, token), eq(mailProviders.kind, kind)))
    .get();
  if (!row) return c.json({ error: 'Not found' }, 404);
  const body = await c.req.text();
  let settings;
  try {
    settings = providerSettings[kind].parse(JSON.parse(decryptSecret(deps.env.APP_SECRET, row.secret)));
  } catch {
    deps.log.warn(`webhook for mail provider ${row.id}: its settings cannot be read with this APP_SECRET`);
    return c.json({ error: 'This provider must be set up again' }, 401);
  }
  const now = deps.now();
  const outcome = parseWebhook(kind, settings as never, { body, headers: c.req.raw.headers, now });
  if (!outcome.ok) return c.json({ error: outcome.error }, outcome.status);
  const recorded = applyDeliveryEvents(deps.db, { kind, userId: row.userId }, outcome.events, now);
  return c.json({ received: outcome.events.length, recorded });
});
