// Webhooks belong to the plan (Professional and up): an account whose plan in force no longer includes
// them has its endpoints turned off with the reason and its queued deliveries failed with it. A change
// that lowers a plan (staff, a Stripe event, an admin demoted) does so in its own transaction; a plan
// lost without a write (a trial that ended) is found by the hourly sweep, and, before that, by the next
// event or delivery of the account, which check the plan again. So no reader's data leaves after the plan did.
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { tx, type Db, type DbOrTx } from '../db';
import { locks } from '../locks';
import { users, webhookDeliveries, webhookEndpoints } from '../../../db/schema';
import { CAPABILITIES, effectivePlan, PLAN_LABELS, PLAN_TYPES, type PlanType } from '../../shared/plans';
import { planOf, planSubjectColumns } from '../plans/account-plan';

export const includesWebhooks = (plan: PlanType) => CAPABILITIES[plan].webhooks;

/** Stored plans that include webhooks ('premium' is professional's old name): accounts on any other may have lost them. */
const STORED_WITH_WEBHOOKS = [...PLAN_TYPES.filter(includesWebhooks), 'premium'];

export const WEBHOOK_PLAN_MSG = {
  /** An endpoint's reason, shown under it in Settings. */
  endpointOff: (plan: PlanType, now: Date) =>
    `Turned off on ${now.toISOString().slice(0, 10)}: webhooks are not part of the ${PLAN_LABELS[plan]} plan. Upgrade to ${PLAN_LABELS.professional}, then turn it back on.`,
  /** A delivery's reason, shown in the endpoint's delivery log. */
  deliveryFailed: (plan: PlanType) => `Not sent: webhooks are not part of the ${PLAN_LABELS[plan]} plan.`,
} as const;

/**
 * Turns off the account's endpoints that are on and fails every delivery still queued for its endpoints,
 * each with the reason; their jobs then find nothing pending. Returns how many endpoints it turned off.
 */
export async function turnOffForPlan(t: DbOrTx, userId: string, plan: PlanType, now: Date): Promise<number> {
  const turnedOff = await t
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: WEBHOOK_PLAN_MSG.endpointOff(plan, now), updatedAt: now })
    .where(and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id });
  await t
    .update(webhookDeliveries)
    .set({ status: 'failed', responseExcerpt: WEBHOOK_PLAN_MSG.deliveryFailed(plan), nextAttemptAt: null })
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        inArray(webhookDeliveries.endpointId, t.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId))),
      ),
    );
  return turnedOff.length;
}

/**
 * After a change of the account's plan or role, in the change's transaction (which holds the account's
 * subscription lock): its webhooks follow the plan now in force.
 */
export async function followPlan(t: DbOrTx, userId: string, now: Date): Promise<void> {
  const plan = await planOf(t, userId, now);
  if (!includesWebhooks(plan)) await turnOffForPlan(t, userId, plan, now);
}

/**
 * The same for a plan lost without a write (a trial that ended), found by a delivery or the sweep: the
 * plan is decided under the account's subscription lock, so an upgrade at that moment is not undone.
 * Returns whether the plan in force includes webhooks.
 */
export async function followPlanNow(db: Db, userId: string, now: Date): Promise<boolean> {
  return tx(db, async (t) => {
    await locks.subscriptionOf(t, userId);
    const plan = await planOf(t, userId, now);
    if (includesWebhooks(plan)) return true;
    await turnOffForPlan(t, userId, plan, now);
    return false;
  });
}

/** The hourly sweep: endpoints still on for accounts whose plan no longer includes webhooks (a trial that ended). */
export async function sweepWebhookPlans(db: Db, now: Date): Promise<number> {
  const holders = await db
    .selectDistinct(planSubjectColumns)
    .from(webhookEndpoints)
    .innerJoin(users, eq(users.id, webhookEndpoints.userId))
    .where(and(eq(webhookEndpoints.enabled, true), notInArray(users.planType, STORED_WITH_WEBHOOKS)));
  let lost = 0;
  for (const holder of holders) {
    if (includesWebhooks(effectivePlan(holder, now))) continue;
    if (!(await followPlanNow(db, holder.id, now))) lost += 1;
  }
  return lost;
}
