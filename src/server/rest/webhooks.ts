// Webhooks, mounted at /webhooks outside the session and CSRF checks. Stripe: POST /webhooks/stripe.
// Mail providers (bounces, complaints, deliveries): POST /webhooks/<kind>/<token>. The URL token finds
// the provider (unknown → 404); Resend
// and Mailgun requests must also carry the vendor's signature over the raw body (bad → 401).
import { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import type { AppEnv } from '../http/types';
import { mailProviders } from '../../../db/schema';
import { providerSettings } from '../mail/transport';
import { decryptSecret } from '../crypto';
import { applyDeliveryEvents } from '../mail/events';
import { parseWebhook, WEBHOOK_KINDS, type WebhookKind } from '../mail/webhooks';
import { handleStripeWebhook } from '../billing/webhook';
import { AppError } from '../errors';

export const webhooksRest = new Hono<AppEnv>();

// Stripe (POST /webhooks/stripe): its signature over the raw body is the authority. Declared as '/:kind'
// because a fixed '/stripe' beside '/:kind/:token' is a shape Hono's RegExpRouter refuses, and then the
// whole app falls back to the slower TrieRouter (app.test checks which router serves).
webhooksRest.post('/:kind', async (c, next) => {
  if (c.req.param('kind') !== 'stripe') return next();
  try {
    const outcome = await handleStripeWebhook(c.get('deps'), await c.req.text(), c.req.header('stripe-signature'));
    return c.json({ received: true, outcome });
  } catch (err) {
    if (err instanceof AppError) return c.json({ error: err.message }, err.code === 'NOT_FOUND' ? 404 : 400);
    c.get('deps').log.error('stripe webhook failed', err);
    // A 5xx makes Stripe retry later.
    return c.json({ error: 'Could not process the event' }, 500);
  }
});

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
