// Webhooks, mounted at /webhooks outside the session and CSRF checks; the vendor's signature (or the
// random token in a mail provider's URL) is the authority. Stripe: POST /webhooks/stripe. Mail
// providers (bounces, complaints, deliveries): POST /webhooks/<kind>/<token>. Refusals answer like
// every REST path (errorResponse); a 5xx makes the vendor retry later.
import { Hono } from 'hono';
import type { AppEnv } from '../http/types';
import { receiveProviderWebhook } from '../mail/webhooks';
import { handleStripeWebhook } from '../billing/webhook';
import { errorResponse } from './adapter';

export const webhooksRest = new Hono<AppEnv>();

// Declared as '/:kind' because a fixed '/stripe' beside '/:kind/:token' is a shape Hono's RegExpRouter
// refuses, and then the whole app falls back to the slower TrieRouter (app.test checks which router serves).
webhooksRest.post('/:kind', async (c, next) => {
  if (c.req.param('kind') !== 'stripe') return next();
  try {
    const outcome = await handleStripeWebhook(c.get('deps'), await c.req.text(), c.req.header('stripe-signature'));
    return c.json({ received: true, outcome });
  } catch (err) {
    return errorResponse(c, err);
  }
});

webhooksRest.post('/:kind/:token', async (c) => {
  try {
    const request = { kind: c.req.param('kind'), token: c.req.param('token'), body: await c.req.text(), headers: c.req.raw.headers };
    return c.json(await receiveProviderWebhook(c.get('deps'), request));
  } catch (err) {
    return errorResponse(c, err);
  }
});
