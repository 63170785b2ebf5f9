// A subject test's figures: each subject's group (readers sent it, distinct human-likely opens and
// clicks), its rate by the test's rule, and the report /analytics shows of a test. Read from the data
// layer; delivery/subject-test.ts decides the winner from the same figures.
import { and, count, countDistinct, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db';
import { sendRecipients, trackingEvents, type IssueSendRow, type SubjectTestPlan, type SubjectTestWinner } from '../../../db/schema';

export interface VariantResult {
  variant: number;
  subject: string;
  /** Readers of the group the message was handed to. */
  recipients: number;
  /** Distinct readers with a human-likely open / click. */
  opens: number;
  clicks: number;
}

/** Each test group's figures: one grouped query over the recipients and their human-likely events. */
export async function variantResults(db: DbOrTx, send: Pick<IssueSendRow, 'id' | 'subjectTest'>): Promise<VariantResult[]> {
  const plan = send.subjectTest;
  if (!plan) return [];
  // Each reader joined to their human-likely events; distinct readers per kind.
  const readers = (kind: 'open' | 'click') => countDistinct(sql`CASE WHEN ${trackingEvents.kind} = ${kind} THEN ${trackingEvents.recipientId} END`);
  const rows = await db
    .select({ variant: sendRecipients.variant, recipients: countDistinct(sendRecipients.id), opens: readers('open'), clicks: readers('click') })
    .from(sendRecipients)
    .leftJoin(
      trackingEvents,
      and(eq(trackingEvents.sendId, sendRecipients.sendId), eq(trackingEvents.recipientId, sendRecipients.id), eq(trackingEvents.machine, false)),
    )
    .where(and(eq(sendRecipients.sendId, send.id), eq(sendRecipients.status, 'sent'), isNotNull(sendRecipients.variant)))
    .groupBy(sendRecipients.variant);
  const by = new Map(rows.map((r) => [Number(r.variant), r]));
  return plan.subjects.map((subject, variant) => {
    const r = by.get(variant);
    return { variant, subject, recipients: r?.recipients ?? 0, opens: r?.opens ?? 0, clicks: r?.clicks ?? 0 };
  });
}

/** A group's readers who did what the rule counts (opened, or clicked). */
export const successes = (r: VariantResult, rule: SubjectTestPlan['rule']) => (rule === 'opens' ? r.opens : r.clicks);
/** The rate the rule compares; null for a group nobody was sent. */
export const rateOf = (r: VariantResult, rule: SubjectTestPlan['rule']) => (r.recipients > 0 ? successes(r, rule) / r.recipients : null);

export interface SubjectTestReport {
  rule: SubjectTestPlan['rule'];
  sharePercent: number;
  waitHours: number;
  variants: (VariantResult & { rate: number | null })[];
  /** Readers outside the test groups who were sent the winner. */
  rest: number;
  winner: SubjectTestWinner | null;
  testEndsAt: string | null;
}

/** A subject test's figures for /analytics: each subject's group, the rest, the winner and how sure it is. */
export async function subjectTestReport(
  db: DbOrTx,
  send: Pick<IssueSendRow, 'id' | 'subjectTest' | 'testWinner' | 'testEndsAt'>,
): Promise<SubjectTestReport | null> {
  const plan = send.subjectTest;
  if (!plan) return null;
  const variants = (await variantResults(db, send)).map((v) => ({ ...v, rate: rateOf(v, plan.rule) }));
  const [rest] = await db
    .select({ n: count() })
    .from(sendRecipients)
    .where(and(eq(sendRecipients.sendId, send.id), eq(sendRecipients.status, 'sent'), isNull(sendRecipients.variant)));
  return {
    rule: plan.rule,
    sharePercent: plan.sharePercent,
    waitHours: plan.waitMinutes / 60,
    variants,
    rest: rest?.n ?? 0,
    winner: send.testWinner,
    testEndsAt: send.testEndsAt ? send.testEndsAt.toISOString() : null,
  };
}
