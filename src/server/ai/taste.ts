// Free's taste of the AI tools: the workflow's AI picks, summaries, intro and subject lines work in a
// few publication issues a month (`aiTasteIssuesPerMonth` in plans.ts). The unit is an issue: the first
// AI call made in a publication's current issue in a month counts that issue (a row of
// `ai_taste_issues`), and every further call in the same issue and month finds the row and counts
// nothing. The issue ends when it is sent or a new one is started (`endIssue` clears the row's
// `currentOf`, in newsletter/drafts.ts's `endIssue`); the month ends it for the taste too, so one issue kept open cannot carry AI for ever.
// The count and the new row are one transaction under the account's taste lock (Postgres is READ
// COMMITTED; SQLite's BEGIN IMMEDIATE already serialises), so parallel calls on a fourth issue cannot
// pass the limit together. Plans with the AI tools never come here: their unit is the generation
// (quota.ts), so an account that moves down to Free starts its taste from then on, whatever it used
// before, and one that moves up is counted by generations from then on.
import crypto from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { aiTasteIssues } from '../../../db/schema';
import { tx, type Db, type DbOrTx } from '../db';
import { locks } from '../locks';
import { AppError } from '../errors';
import { capabilitiesFor, effectivePlan, PLAN_LABELS, type PlanHolder } from '../../shared/plans';
import { AI_MSG, tasteExhausted, type QuotaInfo, type TasteInfo } from '../../shared/schemas/ai';
import { countedGeneration } from './quota';
import { findAccessible } from '../publications/publications';
import { usDate } from '../newsletter/issue';

interface TasteUser extends PlanHolder {
  id: string;
}

export const monthOf = (d: Date) => d.toISOString().slice(0, 7);
export const nextMonth = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));

/** The number of AI issues the plan gives a month; 0 when it has the full AI tools or no taste. */
export function tasteLimitOf(user: PlanHolder): number {
  const c = capabilitiesFor(user);
  return c.aiTools ? 0 : c.aiTasteIssuesPerMonth;
}

async function usedThisMonth(db: Pick<DbOrTx, 'select'>, userId: string, month: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(aiTasteIssues)
    .where(and(eq(aiTasteIssues.userId, userId), eq(aiTasteIssues.month, month)));
  return row?.n ?? 0;
}

/** The current issue's row of this publication, if it was counted this month. */
async function currentRow(db: Pick<DbOrTx, 'select'>, userId: string, publicationId: string) {
  const [row] = await db
    .select({ id: aiTasteIssues.id, month: aiTasteIssues.month })
    .from(aiTasteIssues)
    .where(and(eq(aiTasteIssues.userId, userId), eq(aiTasteIssues.currentOf, publicationId)))
    .limit(1);
  return row ?? null;
}

/** The taste as the workflow shows it; null for plans without one (the AI tools, or nothing). */
export async function tasteOf(db: DbOrTx, user: TasteUser, now: Date, publicationId?: string): Promise<TasteInfo | null> {
  const limit = tasteLimitOf(user);
  if (limit <= 0) return null;
  const month = monthOf(now);
  const used = await usedThisMonth(db, user.id, month);
  const current = publicationId ? await currentRow(db, user.id, publicationId) : null;
  return { limit, used, left: Math.max(0, limit - used), resetsAt: nextMonth(now).toISOString(), thisIssue: current?.month === month };
}

function refusal(user: TasteUser, limit: number, now: Date): AppError {
  return new AppError('TOO_MANY_REQUESTS', tasteExhausted(limit, PLAN_LABELS[effectivePlan(user)], usDate(nextMonth(now))), {
    resetsAt: nextMonth(now).toISOString(),
  });
}

/**
 * Lets one AI call of a taste plan through in `publicationId`'s current issue: free when the issue is
 * already counted this month, else counted as a new issue while the month has one left (refused with
 * when it renews otherwise). `giveBack` removes an issue this call counted, when its work fails.
 */
export async function claimTaste(
  db: Db,
  user: TasteUser,
  publicationId: string | undefined,
  now: Date,
): Promise<{ taste: TasteInfo; giveBack: () => Promise<void> }> {
  const limit = tasteLimitOf(user);
  if (limit <= 0) throw new AppError('FORBIDDEN', AI_MSG.notAvailable);
  if (!publicationId) throw new AppError('FORBIDDEN', AI_MSG.tasteNeedsIssue);
  const month = monthOf(now);
  const resetsAt = nextMonth(now).toISOString();
  const claimed = await tx(db, async (t) => {
    // The issue is one the caller may edit (an AI call in someone else's issue is not theirs to count).
    await findAccessible(t, user.id, publicationId, 'edit');
    await locks.aiTasteOf(t, user.id);
    const current = await currentRow(t, user.id, publicationId);
    if (current?.month === month) return { added: null, used: await usedThisMonth(t, user.id, month) };
    const used = await usedThisMonth(t, user.id, month);
    if (used >= limit) throw refusal(user, limit, now);
    // An issue counted in an earlier month is that month's; in this one it counts again.
    if (current) await t.update(aiTasteIssues).set({ currentOf: null }).where(eq(aiTasteIssues.id, current.id));
    const id = crypto.randomUUID();
    await t.insert(aiTasteIssues).values({ id, userId: user.id, month, publicationId, currentOf: publicationId, createdAt: now });
    return { added: id, used: used + 1 };
  });
  let given = false;
  return {
    taste: { limit, used: claimed.used, left: Math.max(0, limit - claimed.used), resetsAt, thisIssue: true },
    giveBack: async () => {
      if (given || !claimed.added) return;
      given = true;
      await db.delete(aiTasteIssues).where(eq(aiTasteIssues.id, claimed.added));
    },
  };
}

/** Refuses, before any work, plans that have neither the AI tools nor a taste of them. */
export function requireAiOrTaste(user: PlanHolder): void {
  if (!capabilitiesFor(user).aiTools && tasteLimitOf(user) <= 0) throw new AppError('FORBIDDEN', AI_MSG.notAvailable);
}

/**
 * Runs one of the workflow's AI calls as the plan counts it: a generation of the monthly quota on plans
 * with the AI tools, or on a taste plan the issue it is made in. Either is given back when the work throws.
 */
export async function countedAiUse<T>(
  db: Db,
  user: TasteUser,
  now: Date,
  publicationId: string | undefined,
  work: (counted: { quota: QuotaInfo; taste?: TasteInfo }) => T | Promise<T>,
): Promise<T> {
  if (capabilitiesFor(user).aiTools) return countedGeneration(db, user, now, (quota) => work({ quota }));
  const { taste, giveBack } = await claimTaste(db, user, publicationId, now);
  try {
    // A taste plan has no generations of its own: its quota reads as none, renewing with the taste.
    return await work({ quota: { used: 0, limit: 0, resetsAt: taste.resetsAt }, taste });
  } catch (err) {
    await giveBack();
    throw err;
  }
}
