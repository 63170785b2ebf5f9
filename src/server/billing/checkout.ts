// Buying a plan: a Stripe Checkout session for the plan's monthly price (the page opens it in a new
// tab), and the Billing Portal for cancelling or changing the card. Nothing here changes a plan: only
// a verified Stripe event (webhook.ts) or staff do.
import crypto from 'node:crypto';
import type { Db } from '../db';
import type { Env } from '../env';
import type { Logger } from '../context';
import { subscriptions } from '../../../db/schema';
import { AppError } from '../errors';
import { effectivePlan, PLAN_LABELS, type PlanType } from '../../shared/plans';
import { BILLING_MSG, PURCHASABLE_PLANS, type PurchasablePlan } from '../../shared/schemas/billing';
import type { SessionUser } from '../auth/service';
import { stripeClient, stripeConfig } from './stripe';
import { subscriptionOf } from './subscription';

interface Ctx {
  db: Db;
  env: Env;
  log: Logger;
  now: () => Date;
  user: SessionUser;
}

function configured(env: Env) {
  const cfg = stripeConfig(env);
  if (!cfg) throw new AppError('PRECONDITION_FAILED', BILLING_MSG.paymentsNotConfigured);
  return cfg;
}

/** Wraps Stripe's failures in the spec's checkout message; the detail goes to the log only. */
async function viaStripe<T>(ctx: Ctx, what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    ctx.log.error(`stripe ${what} failed`, err);
    throw new AppError('BAD_GATEWAY', BILLING_MSG.checkoutError);
  }
}

export async function createCheckout(ctx: Ctx, plan: PlanType) {
  const cfg = configured(ctx.env);
  if (!(PURCHASABLE_PLANS as readonly string[]).includes(plan)) throw new AppError('BAD_REQUEST', BILLING_MSG.notPurchasable);
  const current = effectivePlan({ ...ctx.user, trialPlan: null }, ctx.now());
  if (current === plan) throw new AppError('CONFLICT', BILLING_MSG.alreadyOnPlan);
  const existing = await subscriptionOf(ctx.db, ctx.user.id);
  // A live paid subscription changes plan in the Billing Portal, not with a second subscription.
  if (existing?.source === 'stripe' && existing.status !== 'canceled' && existing.stripeCustomerId) return openPortal(ctx);
  const stripe = await stripeClient(cfg);
  const customer =
    existing?.stripeCustomerId ??
    (await viaStripe(ctx, 'customer', () => stripe.customers.create({ email: ctx.user.email, name: ctx.user.name, metadata: { userId: ctx.user.id } }))).id;
  if (!existing?.stripeCustomerId) {
    // Kept on the account's row (status canceled until a subscription exists) so events can find the user.
    await ctx.db
      .insert(subscriptions)
      .values({
        id: crypto.randomUUID(),
        userId: ctx.user.id,
        plan: 'free',
        status: 'canceled',
        source: 'stripe',
        stripeCustomerId: customer,
        startedAt: ctx.now(),
        updatedAt: ctx.now(),
      })
      .onConflictDoUpdate({ target: subscriptions.userId, set: { stripeCustomerId: customer, updatedAt: ctx.now() } });
  }
  const appUrl = ctx.env.APP_URL;
  const session = await viaStripe(ctx, 'checkout', () =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: ctx.user.id,
      line_items: [{ price: cfg.prices[plan as PurchasablePlan], quantity: 1 }],
      subscription_data: { metadata: { userId: ctx.user.id, plan } },
      metadata: { userId: ctx.user.id, plan },
      success_url: `${appUrl}/upgrade?checkout=success`,
      cancel_url: `${appUrl}/upgrade?checkout=canceled`,
    }),
  );
  if (!session.url) throw new AppError('BAD_GATEWAY', BILLING_MSG.checkoutError);
  return { success: true, url: session.url, message: `Continue to payment for ${PLAN_LABELS[plan]}` };
}

export async function openPortal(ctx: Ctx) {
  const cfg = configured(ctx.env);
  const row = await subscriptionOf(ctx.db, ctx.user.id);
  if (!row?.stripeCustomerId) throw new AppError('PRECONDITION_FAILED', BILLING_MSG.noStripeCustomer);
  const stripe = await stripeClient(cfg);
  const portal = await viaStripe(ctx, 'portal', () =>
    stripe.billingPortal.sessions.create({ customer: row.stripeCustomerId!, return_url: `${ctx.env.APP_URL}/upgrade` }),
  );
  return { success: true, url: portal.url, message: 'Opening the billing portal' };
}
