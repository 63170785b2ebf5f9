// Issue sends: a creator sends the assembled issue to a publication's active subscribers, now or at a
// scheduled time. Creating a send freezes the rendered issue (with per-recipient slots) and writes the
// send row and its queue job in one transaction; the runner (runner.ts) does the delivery.
import { and, count, desc, eq } from 'drizzle-orm';
import type { AuthedContext } from '../context';
import { tx, type DbOrTx } from '../db';
import { locks } from '../locks';
import { AppError } from '../errors';
import { MSG } from '../../shared/messages';
import { issueSends, newsletters, segments, sendLinks, sendRecipients, type IssueSendRow, type PublicationRow } from '../../../db/schema';
import { capabilitiesFor } from '../../shared/plans';
import { addOpenPixel, markTrackedLinks, type TrackedLink } from '../tracking/links';
import { assembleForOwner } from '../newsletter/assemble';
import { findOwned } from '../publications/publications';
import { assembleInputFrom } from '../publications/assemble-input';
import type { JobQueue } from '../jobs/queue';
import { ensureSlug } from '../readers/pages/slug';
import { endIssue, markNewsletter } from '../newsletter/drafts';
import type { z } from 'zod';
import type { CreateSendInput, sendProgress } from '../../shared/schemas/sends';
import { SUBJECT_TEST_MSG, decideWinner } from './subject-test';
import { groupSize } from '../../shared/subject-tests';
import { precheckAssembled } from '../precheck/run';
import { PRECHECK_MSG } from '../../shared/precheck';
import { countWhere, findOwnedSegment, recipientsWhere } from '../readers/segments';
import { activeReaderCount } from '../readers/recipients';
import { READERS_MSG } from '../../shared/schemas/readers';

export const SEND_JOB = 'issue.send';
export const sendJobKey = (sendId: string) => `send:${sendId}`;

export const SEND_MSG = {
  notFound: 'Send not found',
  noSubscribers: 'This publication has no active subscribers yet. Add or import subscribers first.',
  scheduleInPast: 'Choose a time in the future to schedule this issue.',
  scheduleTooFar: 'An issue can be scheduled at most one year ahead.',
  idTaken: 'This send id is already in use',
  notCancelable: 'Only a scheduled send can be canceled.',
  notRetryable: 'Only a send that is still going can be retried now.',
  noSegmentReaders: 'No active subscriber is in this segment yet. Choose another audience, or schedule the issue for later.',
} as const;

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** A send as its progress shows it; the contract is `sendProgress` (shared/schemas/sends.ts). */
export type SendProgress = z.infer<typeof sendProgress>;
export type SubjectTestProgress = NonNullable<SendProgress['test']>;

function testProgress(row: IssueSendRow): SubjectTestProgress | null {
  const plan = row.subjectTest;
  if (!plan) return null;
  const w = row.testWinner;
  const phase = w ? (row.status === 'sending' ? 'winner' : 'done') : row.testEndsAt ? 'waiting' : 'testing';
  return {
    subjects: plan.subjects,
    sharePercent: plan.sharePercent,
    waitHours: plan.waitMinutes / 60,
    rule: plan.rule,
    phase,
    groupSize: row.startedAt ? groupSize(row.total, plan) : null,
    testEndsAt: iso(row.testEndsAt),
    winner: w
      ? { variant: w.variant, subject: plan.subjects[w.variant] ?? row.subject, confidence: w.confidence, withinNoise: w.withinNoise, early: w.early }
      : null,
  };
}

type Ctx = Pick<AuthedContext, 'db' | 'env' | 'user' | 'now' | 'log'> & { queue: JobQueue };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Counts per recipient status, in one grouped query. */
async function recipientCounts(db: DbOrTx, sendId: string) {
  const rows = await db
    .select({ status: sendRecipients.status, n: count() })
    .from(sendRecipients)
    .where(eq(sendRecipients.sendId, sendId))
    .groupBy(sendRecipients.status);
  const by = Object.fromEntries(rows.map((r) => [r.status, r.n])) as Record<string, number>;
  return { sent: by.sent ?? 0, failed: by.failed ?? 0, suppressed: by.suppressed ?? 0, remaining: (by.pending ?? 0) + (by.sending ?? 0) + (by.held ?? 0) };
}

export async function toProgress(db: DbOrTx, row: IssueSendRow): Promise<SendProgress> {
  const c = await recipientCounts(db, row.id);
  return {
    id: row.id,
    publicationId: row.publicationId,
    subject: row.subject,
    status: row.status,
    scheduledAt: row.scheduledAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    total: row.total,
    ...c,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    segmentName: row.segmentName,
    test: testProgress(row),
    precheck: row.precheck ?? null,
  };
}

async function findOwnedSend(db: DbOrTx, userId: string, id: string): Promise<IssueSendRow> {
  const [row] = await db
    .select()
    .from(issueSends)
    .where(and(eq(issueSends.id, id), eq(issueSends.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', SEND_MSG.notFound);
  return row;
}

const findSend = async (db: DbOrTx, id: string) => (await db.select().from(issueSends).where(eq(issueSends.id, id)))[0];

/** A send that already has this id: the same request again (a double click, a retry), or someone else's id. */
async function sameSend(ctx: Ctx, existing: IssueSendRow): Promise<SendProgress> {
  if (existing.userId !== ctx.user.id) throw new AppError('CONFLICT', SEND_MSG.idTaken);
  return toProgress(ctx.db, existing);
}

/** When the send is due: now, or the scheduled time, which must be in the future and at most a year ahead. */
export function dueTime(input: Pick<CreateSendInput, 'scheduledAt'>, now: Date): Date {
  const scheduledAt = input.scheduledAt ? new Date(input.scheduledAt) : now;
  if (input.scheduledAt && scheduledAt.getTime() <= now.getTime()) throw new AppError('BAD_REQUEST', SEND_MSG.scheduleInPast);
  if (scheduledAt.getTime() - now.getTime() > YEAR_MS) throw new AppError('BAD_REQUEST', SEND_MSG.scheduleTooFar);
  return scheduledAt;
}

/**
 * The send's segment (a segment of this publication only), checked to have readers for an immediate
 * send. A scheduled issue may go to readers who subscribe before it leaves, so only an immediate send
 * needs readers today; the recipients are snapshotted when delivery starts either way.
 */
export async function checkAudience(ctx: Ctx, publication: PublicationRow, input: Pick<CreateSendInput, 'scheduledAt' | 'segmentId'>, now: Date) {
  if (!input.scheduledAt && (await activeReaderCount(ctx.db, publication.id)) === 0) throw new AppError('BAD_REQUEST', SEND_MSG.noSubscribers);
  const segment = input.segmentId ? await findOwnedSegment(ctx.db, ctx.user.id, input.segmentId, publication.id) : null;
  if (segment && !input.scheduledAt && (await countWhere(ctx.db, recipientsWhere(publication.id, publication.userId, segment.rules, now))) === 0)
    throw new AppError('BAD_REQUEST', SEND_MSG.noSegmentReaders);
  return segment;
}

/**
 * What the send tracks: the publication's switches, frozen on the send, on plans with analytics only
 * (nobody could see the figures otherwise, and readers are not tracked for nothing). A subject test
 * needs its plan, and the opens or clicks its winner is picked by.
 */
export function sendTracking(
  user: AuthedContext['user'],
  publication: Pick<PublicationRow, 'trackOpens' | 'trackClicks'>,
  test: CreateSendInput['subjectTest'],
) {
  const tracks = capabilitiesFor(user).analytics;
  const trackOpens = tracks && publication.trackOpens;
  const trackClicks = tracks && publication.trackClicks;
  if (test) {
    if (!capabilitiesFor(user).subjectTests) throw new AppError('FORBIDDEN', SUBJECT_TEST_MSG.needsPlan, { requiredTier: 'business' });
    if (test.rule === 'opens' && !trackOpens) throw new AppError('BAD_REQUEST', SUBJECT_TEST_MSG.needsOpens);
    if (test.rule === 'clicks' && !trackClicks) throw new AppError('BAD_REQUEST', SUBJECT_TEST_MSG.needsClicks);
  }
  return { trackOpens, trackClicks };
}

/**
 * The issue as the send freezes it: the personalised mail (its links marked and pixel added as the
 * send tracks), the web copy and the pre-send check. The check uses the link answers the creator's own
 * check just got (no request here, so a hanging host never holds up a send); only a missing unsubscribe
 * link stops it.
 */
export async function renderSend(ctx: Ctx, input: CreateSendInput, publication: PublicationRow, tracking: { trackOpens: boolean; trackClicks: boolean }) {
  const assembleInput = assembleInputFrom(input, publication);
  const email = await assembleForOwner(ctx, ctx.user.id, assembleInput, { personalized: true });
  const precheck = await precheckAssembled(ctx, ctx.user.id, assembleInput, email, { cacheOnly: true });
  if (precheck.blocked) throw new AppError('PRECONDITION_FAILED', PRECHECK_MSG.blocked);
  const web = await assembleForOwner(ctx, ctx.user.id, assembleInput);
  let html = email.html;
  let links: TrackedLink[] = [];
  if (tracking.trackClicks) ({ html, links } = markTrackedLinks(html, ctx.env.APP_URL));
  if (tracking.trackOpens) html = addOpenPixel(html);
  const articles = (assembleInput.articles ?? []).map((a) => ({ id: a.id ?? '', title: a.title ?? '', url: a.url ?? '' })).filter((a) => a.url);
  return { subject: email.subject, html, text: email.text, webHtml: web.webHtml, articles, links, precheck };
}

type Rendered = Awaited<ReturnType<typeof renderSend>>;

/** The send's row as created (its saved newsletter is found when it is inserted). */
export function newSendRow(
  ctx: Pick<Ctx, 'user'>,
  input: CreateSendInput,
  publication: Pick<PublicationRow, 'id' | 'name'>,
  o: {
    rendered: Rendered;
    tracking: { trackOpens: boolean; trackClicks: boolean };
    segment: { id: string; name: string } | null;
    scheduledAt: Date;
    now: Date;
  },
): IssueSendRow {
  const test = input.subjectTest;
  const { rendered } = o;
  return {
    id: input.id,
    userId: ctx.user.id,
    publicationId: publication.id,
    subject: test ? test.subjects[0]! : rendered.subject,
    fromName: publication.name,
    replyTo: ctx.user.email,
    html: rendered.html,
    text: rendered.text,
    webHtml: rendered.webHtml,
    articles: rendered.articles,
    status: input.scheduledAt ? 'scheduled' : 'sending',
    scheduledAt: o.scheduledAt,
    startedAt: null,
    finishedAt: null,
    total: 0,
    trackOpens: o.tracking.trackOpens,
    trackClicks: o.tracking.trackClicks,
    lastError: null,
    subjectTest: test ? { subjects: test.subjects, sharePercent: test.sharePercent, waitMinutes: test.waitHours * 60, rule: test.rule } : null,
    testEndsAt: null,
    testWinner: null,
    precheck: rendered.precheck,
    segmentId: o.segment?.id ?? null,
    segmentName: o.segment?.name ?? null,
    rollupOf: null,
    newsletterId: null,
    createdAt: o.now,
  };
}

/**
 * Writes the send, its tracked links and its queue job in one transaction, the id checked again under
 * the send's lock (the same request may have created the send while this one was rendering, or be
 * creating it now): answers the send already there, or null once this one is written.
 */
export function insertSend(ctx: Ctx, row: IssueSendRow, links: TrackedLink[], newsletterId: string | undefined): Promise<IssueSendRow | null> {
  return tx(ctx.db, async (t) => {
    await locks.send(t, row.id);
    const again = await findSend(t, row.id);
    if (again) return again;
    // The segment is still there (its deletion checks the sends that use it under the same lock).
    if (row.segmentId) {
      await locks.segmentsOf(t, row.publicationId);
      const [still] = await t.select({ id: segments.id }).from(segments).where(eq(segments.id, row.segmentId));
      if (!still) throw new AppError('NOT_FOUND', READERS_MSG.segmentNotFound);
    }
    const [saved] = newsletterId
      ? [{ id: newsletterId }]
      : await t
          .select({ id: newsletters.id })
          .from(newsletters)
          .where(and(eq(newsletters.currentIssueOf, row.publicationId), eq(newsletters.userId, ctx.user.id)));
    row.newsletterId = saved?.id ?? null;
    await t.insert(issueSends).values(row);
    if (saved) await markNewsletter(t, saved.id, 'ready');
    if (links.length) await t.insert(sendLinks).values(links.map((l) => ({ sendId: row.id, ...l })));
    await ctx.queue.enqueue({ kind: SEND_JOB, payload: { sendId: row.id }, runAt: row.scheduledAt, uniqueKey: sendJobKey(row.id) }, t);
    // The sent issue's saved newsletter stays as it was; next week's issue gets its own on its first save.
    await endIssue(t, row.publicationId);
    return null;
  });
}

/**
 * `opts.newsletterId` names the saved newsletter being sent when the caller made it (a recurring run);
 * otherwise it is the sender's saved newsletter of the publication's current issue, if any.
 */
export async function createSend(ctx: Ctx, input: CreateSendInput, opts: { newsletterId?: string } = {}): Promise<SendProgress> {
  const existing = await findSend(ctx.db, input.id);
  if (existing) return sameSend(ctx, existing);
  if (!ctx.user.emailVerifiedAt) throw new AppError('FORBIDDEN', MSG.verifyEmailToSend);
  const publication = await findOwned(ctx.db, ctx.user.id, input.publicationId);
  const now = ctx.now();
  const scheduledAt = dueTime(input, now);
  const segment = await checkAudience(ctx, publication, input, now);
  const tracking = sendTracking(ctx.user, publication, input.subjectTest);
  const rendered = await renderSend(ctx, input, publication, tracking);
  const row = newSendRow(ctx, input, publication, { rendered, tracking, segment, scheduledAt, now });
  const taken = await insertSend(ctx, row, rendered.links, opts.newsletterId);
  if (taken) return sameSend(ctx, taken);
  ctx.log.info(`issue send ${row.id} ${input.scheduledAt ? `scheduled for ${scheduledAt.toISOString()}` : 'queued'} (publication ${publication.id})`);
  return toProgress(ctx.db, row);
}

export async function getSendProgress(ctx: Pick<Ctx, 'db' | 'user'>, id: string): Promise<SendProgress> {
  return toProgress(ctx.db, await findOwnedSend(ctx.db, ctx.user.id, id));
}

export async function listSends(ctx: Pick<Ctx, 'db' | 'user'>, pubId: string): Promise<SendProgress[]> {
  await findOwned(ctx.db, ctx.user.id, pubId);
  const rows = await ctx.db
    .select()
    .from(issueSends)
    .where(and(eq(issueSends.publicationId, pubId), eq(issueSends.userId, ctx.user.id)))
    .orderBy(desc(issueSends.createdAt), desc(issueSends.id))
    .limit(50);
  return Promise.all(rows.map((r) => toProgress(ctx.db, r)));
}

/** Who an issue would reach now, and where readers sign up. */
export async function sendAudience(ctx: Pick<Ctx, 'db' | 'user' | 'env'>, pubId: string) {
  await findOwned(ctx.db, ctx.user.id, pubId);
  const active = await activeReaderCount(ctx.db, pubId);
  return { active, signupUrl: `${ctx.env.APP_URL}/p/${await ensureSlug(ctx.db, pubId)}` };
}

export async function cancelSend(ctx: Ctx, id: string): Promise<SendProgress> {
  await tx(ctx.db, async (t) => {
    const row = await findOwnedSend(t, ctx.user.id, id);
    // Canceling the queued job is the atomic step: it fails once a worker has claimed the job, and only
    // one cancel of a job succeeds, so the send cannot start between the check and the update. Both are
    // one transaction: a send is never left 'scheduled' without its job, nor 'canceled' with one.
    if (row.status !== 'scheduled' || !(await ctx.queue.cancel(sendJobKey(id), t))) throw new AppError('CONFLICT', SEND_MSG.notCancelable);
    await t.update(issueSends).set({ status: 'canceled', finishedAt: ctx.now() }).where(eq(issueSends.id, id));
    if (row.newsletterId) await markNewsletter(t, row.newsletterId, 'draft');
  });
  return getSendProgress(ctx, id);
}

/** "Retry now" for a send waiting out a provider outage. */
export async function retrySend(ctx: Ctx, id: string): Promise<SendProgress> {
  const row = await findOwnedSend(ctx.db, ctx.user.id, id);
  if (row.status !== 'sending' || !(await ctx.queue.reschedule(sendJobKey(id), ctx.now()))) throw new AppError('CONFLICT', SEND_MSG.notRetryable);
  return getSendProgress(ctx, id);
}

/**
 * Ends a subject test's wait now: the winner is decided from the figures so far and the rest of the
 * list is released, in one transaction under the send's lock; then the send's job is moved to now.
 */
export async function pickWinnerNow(ctx: Ctx, id: string): Promise<SendProgress> {
  await findOwnedSend(ctx.db, ctx.user.id, id);
  await tx(ctx.db, async (t) => {
    await locks.send(t, id);
    const row = (await findSend(t, id))!;
    if (!row.subjectTest) throw new AppError('BAD_REQUEST', SUBJECT_TEST_MSG.notATest);
    if (row.testWinner) throw new AppError('CONFLICT', SUBJECT_TEST_MSG.decided);
    if (!row.testEndsAt || row.status !== 'sending') throw new AppError('CONFLICT', SUBJECT_TEST_MSG.stillTesting);
    await decideWinner(t, row, ctx.now(), true);
  });
  // Were this lost (a crash right here), the job still runs when the wait ends and sends the released readers.
  await ctx.queue.reschedule(sendJobKey(id), ctx.now());
  return getSendProgress(ctx, id);
}
