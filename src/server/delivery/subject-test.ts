// Subject tests (Business and Enterprise): 2–3 subject lines, each sent to an equal random group taken
// from a share of the list; when the wait ends, the subject with the most human-likely opens (or
// clicks) wins and the rest of the list gets it. Every step is a transaction on the send's rows, taken
// by the send's own queue job, so a crash at any point resumes without a reader getting two subjects:
// the groups are drawn with the recipients' snapshot, and the winner is written with the release of
// the rest.
// The groups' figures are analytics' (analytics/subject-tests.ts); the decision is made here.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db';
import { execute } from '../db';
import { issueSends, sendRecipients, type IssueSendRow, type SubjectTestPlan, type SubjectTestWinner } from '../../../db/schema';
import { PLAN_LABELS } from '../../shared/plans';
import { SUBJECT_TEST_DISTINCT, groupSize } from '../../shared/subject-tests';
import { rateOf, successes, variantResults, type VariantResult } from '../analytics/subject-tests';

export const SUBJECT_TEST_MSG = {
  needsPlan: `Subject tests come with the ${PLAN_LABELS.business} plan. Upgrade to ${PLAN_LABELS.business} to test subject lines.`,
  needsOpens: 'Turn on open tracking for this publication to pick the winner by opens.',
  needsClicks: 'Turn on click tracking for this publication to pick the winner by clicks.',
  distinct: SUBJECT_TEST_DISTINCT,
  notATest: 'This send is not a subject test.',
  stillTesting: 'The test groups are still being sent; the winner can be chosen once they have it.',
  decided: 'This subject test already has a winner.',
} as const;

/** Below this confidence a difference is reported as noise (a coin flip could have made it). */
export const SURE_ENOUGH = 0.95;

/** The subject a recipient gets: their group's, or the winner's for the rest of the list. */
export function subjectFor(send: Pick<IssueSendRow, 'subject' | 'subjectTest' | 'testWinner'>, variant: number | null): string {
  const test = send.subjectTest;
  if (!test) return send.subject;
  const index = variant ?? send.testWinner?.variant ?? 0;
  return test.subjects[index] ?? send.subject;
}

/**
 * Draws the test groups from a freshly snapshotted send (in the snapshot's transaction): equal random
 * groups, one per subject; everyone else is held for the winner. `random()` is SQLite's and Postgres's.
 */
export async function drawGroups(t: DbOrTx, sendId: string, plan: SubjectTestPlan, total: number): Promise<void> {
  const size = groupSize(total, plan);
  for (let variant = 0; variant < plan.subjects.length; variant++) {
    await execute(
      t,
      sql`UPDATE ${sendRecipients} SET variant = ${variant}
          WHERE id IN (SELECT id FROM ${sendRecipients} WHERE send_id = ${sendId} AND variant IS NULL ORDER BY random() LIMIT ${size})`,
    );
  }
  await t
    .update(sendRecipients)
    .set({ status: 'held' })
    .where(and(eq(sendRecipients.sendId, sendId), isNull(sendRecipients.variant), eq(sendRecipients.status, 'pending')));
}

/** Standard normal distribution function (Abramowitz and Stegun 7.1.26, error below 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/**
 * How sure the leader is ahead of the runner-up: one-sided two-proportion z-test, 0.5 for a tie (or
 * nothing to compare), approaching 1 as the difference outgrows what chance makes of groups that size.
 */
export function confidenceAhead(a: { n: number; k: number }, b: { n: number; k: number }): number {
  if (a.n === 0 || b.n === 0) return 0.5;
  const pa = a.k / a.n;
  const pb = b.k / b.n;
  const pooled = (a.k + b.k) / (a.n + b.n);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.n + 1 / b.n));
  if (se === 0 || pa === pb) return 0.5;
  return normalCdf((pa - pb) / se);
}

/** The winner by the test's rule: the best rate, the first subject on a tie; with how sure that is. */
export function pickWinner(results: VariantResult[], rule: SubjectTestPlan['rule'], decidedAt: Date, early: boolean): SubjectTestWinner {
  const rate = (r: VariantResult) => rateOf(r, rule) ?? 0;
  const [best, second] = results.slice().sort((x, y) => rate(y) - rate(x) || x.variant - y.variant);
  const trial = (r: VariantResult) => ({ n: r.recipients, k: successes(r, rule) });
  const confidence = best && second ? confidenceAhead(trial(best), trial(second)) : 0.5;
  return { variant: best?.variant ?? 0, decidedAt: decidedAt.toISOString(), confidence, withinNoise: confidence < SURE_ENOUGH, early };
}

export type TestStep = { kind: 'none' } | { kind: 'wait'; until: Date } | { kind: 'released' };

/**
 * Called by the send's run once nothing is pending (under the send's lock, in a transaction): starts
 * the wait when the test groups are done, waits, or decides the winner and releases the rest.
 */
export async function advanceTest(t: DbOrTx, send: IssueSendRow, now: Date): Promise<TestStep> {
  const plan = send.subjectTest;
  if (!plan || send.testWinner) return { kind: 'none' };
  if (!send.testEndsAt) {
    const until = new Date(now.getTime() + plan.waitMinutes * 60_000);
    await t.update(issueSends).set({ testEndsAt: until }).where(eq(issueSends.id, send.id));
    return { kind: 'wait', until };
  }
  if (now.getTime() < send.testEndsAt.getTime()) return { kind: 'wait', until: send.testEndsAt };
  await decideWinner(t, send, now, false);
  return { kind: 'released' };
}

/**
 * Writes the winner (and makes it the issue's subject) and releases the held readers to be sent, in
 * the caller's transaction under the send's lock: either both happen or neither.
 */
export async function decideWinner(t: DbOrTx, send: IssueSendRow, now: Date, early: boolean): Promise<SubjectTestWinner> {
  const plan = send.subjectTest!;
  const winner = pickWinner(await variantResults(t, send), plan.rule, now, early);
  await t
    .update(issueSends)
    .set({ testWinner: winner, subject: plan.subjects[winner.variant] ?? send.subject })
    .where(eq(issueSends.id, send.id));
  await t
    .update(sendRecipients)
    .set({ status: 'pending' })
    .where(and(eq(sendRecipients.sendId, send.id), eq(sendRecipients.status, 'held')));
  return winner;
}
