// The monthly AI generation quota: a count per user and calendar month (UTC) in the database, checked
// and raised in one statement so parallel requests cannot pass the limit together.
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db';
import { aiUsage } from '../../../db/schema';
import { AppError } from '../errors';
import { capabilitiesFor, effectivePlan, PLAN_LABELS, UNLIMITED } from '../../shared/plans';
import { AI_MSG, type QuotaInfo } from '../../shared/schemas/ai';
import { usDate } from '../newsletter/issue';

interface QuotaUser {
  id: string;
  role?: unknown;
  planType?: unknown;
}

const monthOf = (d: Date) => d.toISOString().slice(0, 7);
const nextMonth = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));

export const hasAiTools = (user: QuotaUser): boolean => capabilitiesFor(user).aiTools;

/** Refuses users whose plan has no AI tools (free), with the upgrade notice. */
export function requireAiTools(user: QuotaUser): void {
  if (!hasAiTools(user)) throw new AppError('FORBIDDEN', AI_MSG.notAvailable);
}

export async function quotaOf(db: DbOrTx, user: QuotaUser, now: Date): Promise<QuotaInfo> {
  const limit = capabilitiesFor(user).aiGenerationsPerMonth;
  const [row] = await db
    .select({ used: aiUsage.used })
    .from(aiUsage)
    .where(and(eq(aiUsage.userId, user.id), eq(aiUsage.month, monthOf(now))))
    .limit(1);
  return { used: row?.used ?? 0, limit: limit === UNLIMITED ? null : limit, resetsAt: nextMonth(now).toISOString() };
}

/**
 * Counts one generation against the month's quota, or refuses with when it renews. Call before the
 * work; `giveBack` returns the generation when the work fails through no fault of the user. Counted
 * through `db` (a caller's transaction may pass its `t`); given back through `later`, the shared
 * handle, since the work (and its failure) outlives that transaction.
 */
export async function consumeGeneration(db: DbOrTx, user: QuotaUser, now: Date, later: Db = db): Promise<{ quota: QuotaInfo; giveBack: () => Promise<void> }> {
  requireAiTools(user);
  const limit = capabilitiesFor(user).aiGenerationsPerMonth;
  const month = monthOf(now);
  const cap = limit === UNLIMITED ? Number.MAX_SAFE_INTEGER : limit;
  const [row] = await db
    .insert(aiUsage)
    .values({ userId: user.id, month, used: 1 })
    .onConflictDoUpdate({ target: [aiUsage.userId, aiUsage.month], set: { used: sql`${aiUsage.used} + 1` }, setWhere: sql`${aiUsage.used} < ${cap}` })
    .returning({ used: aiUsage.used });
  if (!row || cap < 1) {
    const plan = PLAN_LABELS[effectivePlan(user)];
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `You have used all ${limit.toLocaleString('en-US')} AI generations of your ${plan} plan this month. They renew on ${usDate(nextMonth(now))}.`,
      { resetsAt: nextMonth(now).toISOString() },
    );
  }
  let given = false;
  return {
    quota: { used: row.used, limit: limit === UNLIMITED ? null : limit, resetsAt: nextMonth(now).toISOString() },
    giveBack: async () => {
      if (given) return;
      given = true;
      await later
        .update(aiUsage)
        .set({ used: sql`CASE WHEN ${aiUsage.used} > 0 THEN ${aiUsage.used} - 1 ELSE 0 END` })
        .where(and(eq(aiUsage.userId, user.id), eq(aiUsage.month, month)));
    },
  };
}

/**
 * Runs `work` as one generation: counted before it starts (so parallel calls cannot pass the limit
 * together) and given back when it throws. A call refused as busy (the user's AI gate, the AI service's
 * 429) or failed wrote nothing, so the month's count is what actually ran.
 */
export async function countedGeneration<T>(db: Db, user: QuotaUser, now: Date, work: (quota: QuotaInfo) => T | Promise<T>): Promise<T> {
  const { quota, giveBack } = await consumeGeneration(db, user, now);
  try {
    return await work(quota);
  } catch (err) {
    await giveBack();
    throw err;
  }
}
