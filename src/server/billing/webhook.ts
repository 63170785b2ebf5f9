// Stripe's webhook: the signature is checked on the raw body with the endpoint secret, each event is
// handled once (its id is recorded in the same step), and the subscription is re-read from Stripe
// before a plan changes, so a forged, replayed or stale event changes nothing.
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Deps } from '../context';
import { stripeEvents } from '../../../db/schema';
import { AppError } from '../errors';
import { stripeClient, stripeConfig } from './stripe';
import { applyStripeSubscription, recordPayment } from './subscription';
import { affectedRows } from '../db';

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.payment_failed',
]);

function subscriptionIdOf(event: Stripe.Event): string | null {
  const o = event.data.object as { object?: string; id?: string; subscription?: unknown; parent?: { subscription_details?: { subscription?: unknown } } };
  if (o.object === 'subscription') return o.id ?? null;
  const ref = o.subscription ?? o.parent?.subscription_details?.subscription;
  if (typeof ref === 'string') return ref;
  if (ref && typeof ref === 'object' && 'id' in ref && typeof ref.id === 'string') return ref.id;
  return null;
}

export type WebhookOutcome = 'handled' | 'duplicate' | 'ignored';

export async function handleStripeWebhook(
  deps: Pick<Deps, 'db' | 'env' | 'log' | 'now' | 'auth'>,
  rawBody: string,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  const cfg = stripeConfig(deps.env);
  if (!cfg) throw new AppError('NOT_FOUND', 'Payments are not set up on this server');
  if (!signature) throw new AppError('BAD_REQUEST', 'Missing Stripe signature');
  const stripe = await stripeClient(cfg);
  let event: Stripe.Event;
  try {
    // Stripe's own check: HMAC-SHA256 of "timestamp.body" with the endpoint secret, 5-minute tolerance.
    event = stripe.webhooks.constructEvent(rawBody, signature, cfg.webhookSecret);
  } catch {
    throw new AppError('BAD_REQUEST', 'Invalid Stripe signature');
  }
  const now = deps.now();
  const fresh = affectedRows(await deps.db.insert(stripeEvents).values({ id: event.id, type: event.type, receivedAt: now }).onConflictDoNothing()) > 0;
  if (!fresh) return 'duplicate';
  try {
    const subId =
      event.type === 'checkout.session.completed' || event.type === 'invoice.paid' || SUBSCRIPTION_EVENTS.has(event.type) ? subscriptionIdOf(event) : null;
    if (!subId) return 'ignored';
    // The event says something changed; what changed is read from Stripe itself.
    const sub = await stripe.subscriptions.retrieve(subId);
    const applied = await applyStripeSubscription(deps.db, cfg, sub, now);
    if (event.type === 'invoice.paid') {
      const inv = event.data.object as Stripe.Invoice;
      await recordPayment(deps.db, subId, inv.amount_paid, new Date((inv.status_transitions?.paid_at ?? event.created) * 1000));
    }
    // Signed-in sessions of that account see the new plan on their next request.
    if (applied) await deps.auth.forgetUser(applied.userId);
    if (applied) deps.log.info(`stripe ${event.type}: user ${applied.userId} now on ${applied.plan}`);
    return applied ? 'handled' : 'ignored';
  } catch (err) {
    // Not handled after all: forget the event so Stripe's retry is processed.
    await deps.db.delete(stripeEvents).where(eq(stripeEvents.id, event.id));
    throw err;
  }
}
