// A user's subscription: the one source of their plan. A paid plan comes from a Stripe subscription
// (written only after the subscription is re-read from Stripe) or from staff; users.plan_type is the
// copy sessions read, written in the same transaction, as are the consequences of a lower plan (webhooks
// turned off). plans.ts says what each plan grants.
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { tx, type Db, type DbOrTx } from '../db';
import { locks } from '../locks';
import { subscriptions, users, type SubscriptionRow } from '../../../db/schema';
import { recordAudit } from '../user/audit';
import { followPlan } from '../webhooks/plan';
import { AppError } from '../errors';
import type { AuthedContext } from '../context';
import { MSG } from '../../shared/messages';
import { effectivePlan, normalizePlan, normalizeRole, trialDaysLeft, type PlanType } from '../../shared/plans';
import type { SubscriptionDto, SubscriptionStatus } from '../../shared/schemas/billing';
import type { SessionUser } from '../auth/service';
import { planOfPrice, stripeConfig, type StripeConfig } from './stripe';
import type { Env } from '../env';

export async function subscriptionOf(db: DbOrTx, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

/** The signed-in user's own plan and, for a paid one, its state and payments (GET /api/subscription, /upgrade, /billing). */
export async function currentSubscription(ctx: { db: Db; env: Env; user: SessionUser; now: () => Date }): Promise<SubscriptionDto> {
  const now = ctx.now();
  const row = await subscriptionOf(ctx.db, ctx.user.id);
  const live = row && row.status !== 'canceled' ? row : null;
  return {
    currentPlan: effectivePlan(ctx.user, now),
    status: live ? (live.status as SubscriptionStatus) : null,
    periodEnd: live?.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: live?.cancelAtPeriodEnd ?? false,
    source: live ? (live.source === 'stripe' ? 'stripe' : 'admin') : null,
    paymentsEnabled: stripeConfig(ctx.env) !== null,
    trialDaysLeft: ctx.user.planType === 'free' && ctx.user.role !== 'admin' ? trialDaysLeft(ctx.user.createdAt, now) : null,
    payment:
      live?.source === 'stripe'
        ? {
            amountPaid: live.amountCents / 100,
            currency: live.currency,
            billingCycle: live.billingCycle,
            startedAt: live.startedAt.toISOString(),
            lastPaymentAt: live.lastPaymentAt?.toISOString() ?? null,
          }
        : null,
  };
}

/** Stripe's subscription statuses in ours; null for those that grant nothing yet (incomplete). */
export function statusOf(s: Stripe.Subscription.Status): SubscriptionStatus | null {
  if (s === 'active' || s === 'trialing') return 'active';
  if (s === 'past_due' || s === 'unpaid') return 'past_due';
  if (s === 'canceled' || s === 'incomplete_expired') return 'canceled';
  return null;
}

/** The plan a subscription row grants: its plan while active or past due (Stripe still retries), else free. */
const grants = (status: SubscriptionStatus, plan: string): PlanType => (status === 'canceled' ? 'free' : normalizePlan(plan));

/**
 * Writes what Stripe says of a subscription (re-read from Stripe by the caller) and the plan it grants.
 * Returns the plan now in force, or null when the subscription names no configured price or no user.
 * The account it belongs to is looked up in the same transaction as the write.
 */
export async function applyStripeSubscription(
  db: Db,
  cfg: StripeConfig,
  sub: Stripe.Subscription,
  now: Date,
): Promise<{ userId: string; plan: PlanType } | null> {
  const item = sub.items.data[0];
  const plan = planOfPrice(cfg, item?.price.id);
  const status = statusOf(sub.status);
  const customerId = typeof sub.customer === 'string' ? sub.customer : sub.customer.id;
  if (!plan || !status) return null;
  const periodEnd = item?.current_period_end ? new Date(item.current_period_end * 1000) : null;
  const values = {
    plan,
    status,
    source: 'stripe',
    stripeCustomerId: customerId,
    stripeSubscriptionId: sub.id,
    amountCents: item?.price.unit_amount ?? 0,
    currency: item?.price.currency ?? 'usd',
    billingCycle: item?.price.recurring?.interval === 'year' ? 'yearly' : 'monthly',
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    currentPeriodEnd: periodEnd,
    updatedAt: now,
  };
  const inForce = grants(status, plan);
  return tx(db, async (t) => {
    const [byStripe] = await t.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, sub.id));
    const [byCustomer] = byStripe ? [byStripe] : await t.select().from(subscriptions).where(eq(subscriptions.stripeCustomerId, customerId)).limit(1);
    const userId = byCustomer?.userId ?? (typeof sub.metadata?.userId === 'string' ? sub.metadata.userId : null);
    if (!userId) return null;
    await locks.subscriptionOf(t, userId);
    const [account] = await t.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!account) return null;
    await t
      .insert(subscriptions)
      .values({ id: crypto.randomUUID(), userId, startedAt: new Date(sub.start_date * 1000), ...values })
      .onConflictDoUpdate({ target: subscriptions.userId, set: values });
    await t.update(users).set({ planType: inForce, updatedAt: now }).where(eq(users.id, userId));
    await followPlan(t, userId, now);
    return { userId, plan: inForce };
  });
}

/** Records a paid invoice: the amount and the time of the last payment. */
export async function recordPayment(db: DbOrTx, subscriptionId: string, amountCents: number, paidAt: Date): Promise<void> {
  await db.update(subscriptions).set({ amountCents, lastPaymentAt: paidAt, updatedAt: paidAt }).where(eq(subscriptions.stripeSubscriptionId, subscriptionId));
}

/**
 * An admin (in the app or through the operator's CLI) sets a user's plan: the account and its subscription
 * are read, and a subscription row of source 'admin' (none for free), the account's plan and the audit
 * entry written, in one transaction; the account's open sessions see the new plan on their next request.
 * Managers and supervisors read billing but change no plan. A live Stripe subscription is left to Stripe:
 * staff change it in Stripe's dashboard, and its next event wins.
 */
export async function setPlanByStaff(
  ctx: Pick<AuthedContext, 'db' | 'auth' | 'now' | 'ip' | 'user'>,
  input: { userId: string; plan: PlanType; reason: string },
) {
  if (normalizeRole(ctx.user.role) !== 'admin') throw new AppError('FORBIDDEN', MSG.forbidden);
  const { plan, reason } = input;
  const now = ctx.now();
  const userId = await tx(ctx.db, async (t) => {
    // Before the reads: a Stripe event for the account between them would otherwise be deleted or lost.
    await locks.subscriptionOf(t, input.userId);
    const [target] = await t.select({ id: users.id, email: users.email, planType: users.planType }).from(users).where(eq(users.id, input.userId));
    if (!target) throw new AppError('NOT_FOUND', 'User not found');
    const before = await subscriptionOf(t, target.id);
    if (plan === 'free') {
      // Only a plan staff gave: a Stripe subscription is left to Stripe.
      await t.delete(subscriptions).where(and(eq(subscriptions.userId, target.id), eq(subscriptions.source, 'admin')));
    } else {
      const values = { plan, status: 'active', source: 'admin', amountCents: 0, cancelAtPeriodEnd: false, currentPeriodEnd: null, updatedAt: now };
      await t
        .insert(subscriptions)
        .values({ id: crypto.randomUUID(), userId: target.id, startedAt: now, ...values })
        .onConflictDoUpdate({ target: subscriptions.userId, set: values });
    }
    await t.update(users).set({ planType: plan, updatedAt: now }).where(eq(users.id, target.id));
    await followPlan(t, target.id, now);
    const actor = { id: ctx.user.id, email: ctx.user.email, ip: ctx.ip };
    const detail = { email: target.email, from: target.planType, to: plan, reason, replacedStripe: before?.source === 'stripe' };
    await recordAudit(t, actor, 'plan.set', target.id, detail, now);
    return target.id;
  });
  await ctx.auth.forgetUser(userId);
  return { success: true as const, userId, plan };
}
