// Sending the onboarding sequence. An account gets step S once its created_at + S.dayOffset days has
// passed, once (onboarding_deliveries is unique per account and step), unless it is disabled or has
// unsubscribed. No flooding: a step is sent only when its due time is after the step itself was created
// (accounts older than a new step never get it) and at most 7 days late (an outage or a long-stopped
// server does not mail a stale "welcome" weeks later). A delivery row is claimed ('sending') before the
// provider call, so a crash never mails a step twice; a whole-chain outage releases the claims to retry.
import { and, asc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { Deps } from '../context';
import { onboardingDeliveries, onboardingEmails, users } from '../../../db/schema';
import { ONBOARDING_JOB } from './kinds';
import { renderStep } from './steps';
import { productMessage } from './email';
import { productUnsubscribeUrl } from './unsubscribe';
import { sendProductMessages } from './send';
import { affectedRows, tx } from '../db';

type BatchDeps = Pick<Deps, 'db' | 'env' | 'log' | 'now'>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** How late a step may still be sent. */
export const CATCH_UP_MS = 7 * DAY_MS;
/** Accounts handled per provider call. */
const CHUNK = 50;

/** Queues the batch job unless one is already waiting or running (the queue's unique key decides). */
export async function enqueueOnboardingBatch(deps: Pick<Deps, 'db' | 'queue' | 'log'> & Partial<Pick<Deps, 'delivery'>>): Promise<boolean> {
  const queued = (await deps.queue.enqueue({ kind: ONBOARDING_JOB, payload: {}, uniqueKey: ONBOARDING_JOB })) !== null;
  if (queued) deps.delivery?.kick();
  return queued;
}

/** The accounts step `step` is due for now (see the header for the rule). */
async function dueAccounts(deps: BatchDeps, step: typeof onboardingEmails.$inferSelect, now: number) {
  const offset = step.dayOffset * DAY_MS;
  const earliestDue = Math.max(step.createdAt.getTime(), now - CATCH_UP_MS);
  return await deps.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        lte(users.createdAt, new Date(now - offset)),
        gte(users.createdAt, new Date(earliestDue - offset)),
        isNull(users.disabledAt),
        isNull(users.onboardingUnsubscribedAt),
        sql`NOT EXISTS (SELECT 1 FROM ${onboardingDeliveries} d WHERE d.user_id = ${users.id} AND d.email_id = ${step.id})`,
      ),
    )
    .orderBy(asc(users.createdAt));
}

export interface BatchResult {
  sent: number;
  failed: number;
  /** Claims released because no provider could take the mail (retried on the next run). */
  deferred: number;
}

export async function runOnboardingBatch(deps: BatchDeps, opts: { owned?: () => boolean } = {}): Promise<BatchResult> {
  const result: BatchResult = { sent: 0, failed: 0, deferred: 0 };
  const now = deps.now().getTime();
  const steps = await deps.db.select().from(onboardingEmails).where(eq(onboardingEmails.enabled, true)).orderBy(asc(onboardingEmails.dayOffset));
  for (const step of steps) {
    const due = await dueAccounts(deps, step, now);
    for (let i = 0; i < due.length; i += CHUNK) {
      if (opts.owned && !opts.owned()) return result;
      const at = deps.now();
      // Claim first: the unique (user, step) row is the guarantee of "once", also across processes.
      const claimed = await tx(deps.db, async (t) => {
        const mine: typeof due = [];
        for (const u of due.slice(i, i + CHUNK)) {
          const res = await t.insert(onboardingDeliveries).values({ userId: u.id, emailId: step.id, status: 'sending', at }).onConflictDoNothing();
          if (affectedRows(res) === 1) mine.push(u);
        }
        return mine;
      });
      if (!claimed.length) continue;
      const messages = claimed.map((u) => {
        const url = productUnsubscribeUrl(deps.env, 'onboarding', u.id);
        return productMessage(deps.env, u.email, renderStep(deps.env, u.id, step, url), url);
      });
      const { results: outcomes, outage } = await sendProductMessages(deps, messages);
      await tx(deps.db, async (t) => {
        for (const [k, u] of claimed.entries()) {
          const r = outcomes[k]!;
          const where = and(eq(onboardingDeliveries.userId, u.id), eq(onboardingDeliveries.emailId, step.id));
          if (!r.ok && r.retryable) {
            // Not taken (an outage or a temporary refusal): released, so the next run tries again.
            await t.delete(onboardingDeliveries).where(where);
            result.deferred++;
          } else {
            await t
              .update(onboardingDeliveries)
              .set(r.ok ? { status: 'sent', error: null, at: deps.now() } : { status: 'failed', error: r.error.slice(0, 500), at: deps.now() })
              .where(where);
            if (r.ok) result.sent++;
            else result.failed++;
          }
        }
      });
      if (outage) {
        deps.log.warn(`onboarding: no mail provider took step "${step.subject}" (${outage}); retried on the next run`);
        return result;
      }
    }
  }
  if (result.sent || result.failed) deps.log.info(`onboarding: ${result.sent} sent, ${result.failed} failed`);
  return result;
}
