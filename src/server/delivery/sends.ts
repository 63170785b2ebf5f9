// Issue sends: a creator sends the assembled issue to a publication's active subscribers, now or at a
// scheduled time. Creating a send freezes the rendered issue (with per-recipient slots) and writes the
// send row and its queue job in one transaction; the runner (runner.ts) does the delivery.
import { and, count, desc, eq } from 'drizzle-orm';
import type { AuthedContext } from '../context';
import type { Db } from '../db';
import { AppError } from '../errors';
import { MSG } from '../../shared/messages';
import { issueSends, sendLinks, sendRecipients, subscribers, type IssueSendRow, type SendStatus } from '../../../db/schema';
import { capabilitiesFor } from '../../shared/plans';
import { addOpenPixel, markTrackedLinks, type TrackedLink } from '../tracking/links';
import { assembleNewsletter } from '../newsletter/assemble';
import { findOwned } from '../publications/publications';
import { assembleInputFrom } from '../publications/assemble-input';
import type { JobQueue } from '../jobs/queue';
import { ensureSlug } from '../subscribers/slug';
import { endIssue } from '../newsletter/drafts';
import type { CreateSendInput } from './schemas';

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
} as const;

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

export interface SendProgress {
  id: string;
  publicationId: string;
  subject: string;
  status: SendStatus;
  scheduledAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  total: number;
  sent: number;
  failed: number;
  suppressed: number;
  remaining: number;
  lastError: string | null;
  createdAt: string;
}

type Ctx = Pick<AuthedContext, 'db' | 'env' | 'user' | 'now' | 'log'> & { queue: JobQueue };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Counts per recipient status, in one grouped query. */
function recipientCounts(db: Db, sendId: string) {
  const rows = db
    .select({ status: sendRecipients.status, n: count() })
    .from(sendRecipients)
    .where(eq(sendRecipients.sendId, sendId))
    .groupBy(sendRecipients.status)
    .all();
  const by = Object.fromEntries(rows.map((r) => [r.status, r.n])) as Record<string, number>;
  return { sent: by.sent ?? 0, failed: by.failed ?? 0, suppressed: by.suppressed ?? 0, remaining: (by.pending ?? 0) + (by.sending ?? 0) };
}

export function toProgress(db: Db, row: IssueSendRow): SendProgress {
  const c = recipientCounts(db, row.id);
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
  };
}

function findOwnedSend(db: Db, userId: string, id: string): IssueSendRow {
  const row = db
    .select()
    .from(issueSends)
    .where(and(eq(issueSends.id, id), eq(issueSends.userId, userId)))
    .get();
  if (!row) throw new AppError('NOT_FOUND', SEND_MSG.notFound);
  return row;
}

export function activeSubscriberCount(db: Db, publicationId: string): number {
  return (
    db
      .select({ n: count() })
      .from(subscribers)
      .where(and(eq(subscribers.publicationId, publicationId), eq(subscribers.status, 'active')))
      .get()?.n ?? 0
  );
}

export function createSend(ctx: Ctx, input: CreateSendInput): SendProgress {
  const existing = ctx.db.select().from(issueSends).where(eq(issueSends.id, input.id)).get();
  if (existing) {
    if (existing.userId !== ctx.user.id) throw new AppError('CONFLICT', SEND_MSG.idTaken);
    return toProgress(ctx.db, existing);
  }
  if (!ctx.user.emailVerifiedAt) throw new AppError('FORBIDDEN', MSG.verifyEmailToSend);
  const publication = findOwned(ctx.db, ctx.user.id, input.publicationId);
  const now = ctx.now();
  const scheduledAt = input.scheduledAt ? new Date(input.scheduledAt) : now;
  if (input.scheduledAt && scheduledAt.getTime() <= now.getTime()) throw new AppError('BAD_REQUEST', SEND_MSG.scheduleInPast);
  if (scheduledAt.getTime() - now.getTime() > YEAR_MS) throw new AppError('BAD_REQUEST', SEND_MSG.scheduleTooFar);
  // A scheduled issue may go to readers who subscribe before it leaves, so only an immediate send
  // needs readers today; the recipients are snapshotted when delivery starts either way.
  if (!input.scheduledAt && activeSubscriberCount(ctx.db, publication.id) === 0) throw new AppError('BAD_REQUEST', SEND_MSG.noSubscribers);

  const assembleInput = assembleInputFrom(input, publication);
  const email = assembleNewsletter(ctx, assembleInput, { personalized: true });
  const web = assembleNewsletter(ctx, assembleInput);
  // Tracking follows the publication's switches, frozen on the send; only plans with analytics
  // track (nobody could see the figures otherwise, and readers are not tracked for nothing).
  const tracks = capabilitiesFor(ctx.user).analytics;
  const trackOpens = tracks && publication.trackOpens;
  const trackClicks = tracks && publication.trackClicks;
  let html = email.html;
  let links: TrackedLink[] = [];
  if (trackClicks) ({ html, links } = markTrackedLinks(html, ctx.env.APP_URL));
  if (trackOpens) html = addOpenPixel(html);
  const row: IssueSendRow = {
    id: input.id,
    userId: ctx.user.id,
    publicationId: publication.id,
    subject: email.subject,
    fromName: publication.name,
    replyTo: ctx.user.email,
    html,
    text: email.text,
    webHtml: web.webHtml,
    articles: (assembleInput.articles ?? []).map((a) => ({ id: a.id ?? '', title: a.title ?? '', url: a.url ?? '' })).filter((a) => a.url),
    status: input.scheduledAt ? 'scheduled' : 'sending',
    scheduledAt,
    startedAt: null,
    finishedAt: null,
    total: 0,
    trackOpens,
    trackClicks,
    lastError: null,
    createdAt: now,
  };
  ctx.db.transaction((tx) => {
    tx.insert(issueSends).values(row).run();
    if (links.length)
      tx.insert(sendLinks)
        .values(links.map((l) => ({ sendId: row.id, ...l })))
        .run();
    ctx.queue.enqueue({ kind: SEND_JOB, payload: { sendId: row.id }, runAt: scheduledAt, uniqueKey: sendJobKey(row.id) }, tx);
    // The sent issue's saved newsletter stays as it was; next week's issue gets its own on its first save.
    endIssue(tx, publication.id);
  });
  ctx.log.info(`issue send ${row.id} ${input.scheduledAt ? `scheduled for ${scheduledAt.toISOString()}` : 'queued'} (publication ${publication.id})`);
  return toProgress(ctx.db, row);
}

export function getSendProgress(ctx: Pick<Ctx, 'db' | 'user'>, id: string): SendProgress {
  return toProgress(ctx.db, findOwnedSend(ctx.db, ctx.user.id, id));
}

export function listSends(ctx: Pick<Ctx, 'db' | 'user'>, pubId: string): SendProgress[] {
  findOwned(ctx.db, ctx.user.id, pubId);
  const rows = ctx.db
    .select()
    .from(issueSends)
    .where(and(eq(issueSends.publicationId, pubId), eq(issueSends.userId, ctx.user.id)))
    .orderBy(desc(issueSends.createdAt), desc(issueSends.id))
    .limit(50)
    .all();
  return rows.map((r) => toProgress(ctx.db, r));
}

/** Who an issue would reach now, and where readers sign up. */
export function sendAudience(ctx: Pick<Ctx, 'db' | 'user' | 'env'>, pubId: string) {
  findOwned(ctx.db, ctx.user.id, pubId);
  return { active: activeSubscriberCount(ctx.db, pubId), signupUrl: `${ctx.env.APP_URL}/p/${ensureSlug(ctx.db, pubId)}` };
}

export function cancelSend(ctx: Ctx, id: string): SendProgress {
  const row = findOwnedSend(ctx.db, ctx.user.id, id);
  if (row.status !== 'scheduled' || !ctx.queue.cancel(sendJobKey(id))) throw new AppError('CONFLICT', SEND_MSG.notCancelable);
  ctx.db.update(issueSends).set({ status: 'canceled', finishedAt: ctx.now() }).where(eq(issueSends.id, id)).run();
  return getSendProgress(ctx, id);
}

/** "Retry now" for a send waiting out a provider outage. */
export function retrySend(ctx: Ctx, id: string): SendProgress {
  const row = findOwnedSend(ctx.db, ctx.user.id, id);
  if (row.status !== 'sending' || !ctx.queue.reschedule(sendJobKey(id), ctx.now())) throw new AppError('CONFLICT', SEND_MSG.notRetryable);
  return getSendProgress(ctx, id);
}
