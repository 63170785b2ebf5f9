// One reader as their creator sees them (readers.get), and their history as one timeline, newest first
// (readers.history): what happened to them (reader_events), the issues sent to them, their opens
// (human-likely or machine) and clicks, and bounces or complaints of their address on the owner's sends.
// A reader of years has thousands of entries, so the timeline comes in pages: each of the five sources
// is read past the cursor, newest first, one page's worth, over its index; the page is the newest of
// their merge. The cursor is (time, source, row id), so entries at the same millisecond never repeat
// or go missing between pages.
import { and, asc, desc, eq, inArray, lt, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AuthedContext } from '../context';
import type { Db } from '../db';
import { AppError } from '../errors';
import {
  issueSends,
  mailEvents,
  readerEvents,
  sendLinks,
  sendRecipients,
  subscriberTags,
  subscribers,
  trackingEvents,
  type SubscriberRow,
} from '../../../db/schema';
import { findOwned } from '../publications/publications';
import { SUBSCRIBER_MSG } from './subscription/subscribers';
import type { HistoryInput, HistoryPage, ReaderDetail, ReaderRef, TimelineItem } from '../../shared/schemas/readers';

type Ctx = Pick<AuthedContext, 'db' | 'user'>;

/** The reader, if they belong to a publication of this user; anyone else's is NOT_FOUND. */
async function ownedReader(ctx: Ctx, ref: ReaderRef) {
  const pub = await findOwned(ctx.db, ctx.user.id, ref.publicationId);
  const [sub] = await ctx.db
    .select()
    .from(subscribers)
    .where(and(eq(subscribers.id, ref.subscriberId), eq(subscribers.publicationId, pub.id)))
    .limit(1);
  if (!sub) throw new AppError('NOT_FOUND', SUBSCRIBER_MSG.notFound);
  return { pub, sub };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function getReader(ctx: Ctx, ref: ReaderRef): Promise<ReaderDetail> {
  const { pub, sub } = await ownedReader(ctx, ref);
  const tags = await ctx.db
    .select({ tag: subscriberTags.tag, source: subscriberTags.source, createdAt: subscriberTags.createdAt })
    .from(subscriberTags)
    .where(eq(subscriberTags.subscriberId, sub.id))
    .orderBy(asc(subscriberTags.tag));
  return {
    publication: { id: pub.id, name: pub.name },
    id: sub.id,
    email: sub.email,
    name: sub.name,
    status: sub.status,
    source: sub.source,
    sourceDetail: sub.sourceDetail,
    tags: tags.map((t) => ({ ...t, createdAt: t.createdAt.toISOString() })),
    format: sub.format,
    frequency: sub.frequency,
    pausedUntil: iso(sub.pausedUntil),
    confirmedAt: iso(sub.confirmedAt),
    unsubscribedAt: iso(sub.unsubscribedAt),
    createdAt: sub.createdAt.toISOString(),
  };
}

/** Order of the sources among entries of the same millisecond (and the cursor's middle part). */
const RANK = { event: 0, send: 1, open: 2, click: 3, mail: 4 } as const;
type Source = keyof typeof RANK;

interface Cursor {
  at: number;
  rank: number;
  id: number;
}
const parseCursor = (c: string | undefined): Cursor | null => {
  if (!c) return null;
  const [at, rank, id] = c.split('.').map(Number);
  return { at: at!, rank: rank!, id: id! };
};
const keyOf = (at: Date, source: Source, id: number) => `${at.getTime()}.${RANK[source]}.${id}`;

/**
 * Rows of a source strictly older than the cursor in (at, rank, id) order. `at` may be an expression,
 * so the cursor's time is given as the database stores it (`toDriver`).
 */
function olderThan(cursor: Cursor | null, source: Source, atExpr: AnyColumn | SQL, id: AnyColumn, toDriver: ToDriver): SQL | undefined {
  if (!cursor) return undefined;
  const at = sql`${atExpr}`;
  const t = toDriver(new Date(cursor.at));
  const rank = RANK[source];
  if (rank < cursor.rank) return lte(at, t);
  if (rank > cursor.rank) return lt(at, t);
  return or(lt(at, t), and(eq(at, t), lt(id, cursor.id)));
}

export async function readerHistory(ctx: Ctx, input: HistoryInput): Promise<HistoryPage> {
  const { pub, sub } = await ownedReader(ctx, input);
  const cursor = parseCursor(input.cursor);
  const n = input.limit + 1;
  const toDriver = (d: Date) => issueSends.scheduledAt.mapToDriverValue(d);
  const lists = await Promise.all([
    events(ctx.db, sub, cursor, n, toDriver),
    sends(ctx.db, sub, cursor, n, toDriver),
    tracking(ctx.db, sub, 'open', cursor, n, toDriver),
    tracking(ctx.db, sub, 'click', cursor, n, toDriver),
    bounces(ctx.db, pub.userId, sub, cursor, n, toDriver),
  ]);
  const merged = lists.flat().sort((a, b) => compareKeys(b.key, a.key));
  const items = merged.slice(0, input.limit);
  return { items, nextCursor: merged.length > input.limit ? items[items.length - 1]!.key : null };
}

function compareKeys(a: string, b: string): number {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return 0;
}

type ToDriver = (d: Date) => unknown;

async function events(db: Db, sub: SubscriberRow, cursor: Cursor | null, n: number, toDriver: ToDriver): Promise<TimelineItem[]> {
  const rows = await db
    .select()
    .from(readerEvents)
    .where(
      and(
        eq(readerEvents.subscriberId, sub.id),
        eq(readerEvents.publicationId, sub.publicationId),
        olderThan(cursor, 'event', readerEvents.at, readerEvents.id, toDriver),
      ),
    )
    .orderBy(desc(readerEvents.at), desc(readerEvents.id))
    .limit(n);
  return rows.map((r) => ({
    type: 'event',
    key: keyOf(r.at, 'event', r.id),
    at: r.at.toISOString(),
    kind: r.kind,
    source: r.source,
    detail: r.detail ?? null,
  }));
}

/**
 * The reader's rows among the recipients of the publication's sends. Matched on the (send, address)
 * index with the reader's id as well: a reader deleted and added again is a new reader with a new history.
 */
const isTheReader = (sub: SubscriberRow) =>
  and(eq(issueSends.publicationId, sub.publicationId), eq(sendRecipients.email, sub.email), eq(sendRecipients.subscriberId, sub.id));

async function sends(db: Db, sub: SubscriberRow, cursor: Cursor | null, n: number, toDriver: ToDriver): Promise<TimelineItem[]> {
  // Mail not handed over yet (pending, held) is listed at the send's start or scheduled time.
  const at = sql`coalesce(${sendRecipients.sentAt}, ${issueSends.startedAt}, ${issueSends.scheduledAt})`.mapWith(issueSends.scheduledAt);
  const rows = await db
    .select({ id: sendRecipients.id, at, sendId: issueSends.id, subject: issueSends.subject, status: sendRecipients.status })
    .from(sendRecipients)
    .innerJoin(issueSends, eq(issueSends.id, sendRecipients.sendId))
    .where(and(isTheReader(sub), olderThan(cursor, 'send', at, sendRecipients.id, toDriver)))
    .orderBy(desc(at), desc(sendRecipients.id))
    .limit(n);
  return rows.map((r) => ({
    type: 'send',
    key: keyOf(r.at, 'send', r.id),
    at: r.at.toISOString(),
    sendId: r.sendId,
    subject: r.subject,
    status: r.status,
  }));
}

async function tracking(db: Db, sub: SubscriberRow, kind: 'open' | 'click', cursor: Cursor | null, n: number, toDriver: ToDriver): Promise<TimelineItem[]> {
  const rows = await db
    .select({
      id: trackingEvents.id,
      at: trackingEvents.at,
      machine: trackingEvents.machine,
      sendId: issueSends.id,
      subject: issueSends.subject,
      url: sendLinks.url,
    })
    .from(trackingEvents)
    .innerJoin(sendRecipients, and(eq(sendRecipients.sendId, trackingEvents.sendId), eq(sendRecipients.id, trackingEvents.recipientId)))
    .innerJoin(issueSends, eq(issueSends.id, sendRecipients.sendId))
    .leftJoin(sendLinks, and(eq(sendLinks.sendId, trackingEvents.sendId), eq(sendLinks.position, trackingEvents.linkPosition)))
    .where(and(isTheReader(sub), eq(trackingEvents.kind, kind), olderThan(cursor, kind, trackingEvents.at, trackingEvents.id, toDriver)))
    .orderBy(desc(trackingEvents.at), desc(trackingEvents.id))
    .limit(n);
  return rows.map((r) =>
    kind === 'open'
      ? { type: 'open', key: keyOf(r.at, 'open', r.id), at: r.at.toISOString(), sendId: r.sendId, subject: r.subject, machine: r.machine }
      : { type: 'click', key: keyOf(r.at, 'click', r.id), at: r.at.toISOString(), sendId: r.sendId, subject: r.subject, url: r.url, machine: r.machine },
  );
}

/** Bounces and complaints of the reader's address on any send of the publication's owner (the suppression list is the owner's). */
async function bounces(db: Db, ownerId: string, sub: SubscriberRow, cursor: Cursor | null, n: number, toDriver: ToDriver): Promise<TimelineItem[]> {
  const rows = await db
    .select({ id: mailEvents.id, at: mailEvents.at, kind: mailEvents.kind, detail: mailEvents.detail, sendId: issueSends.id, subject: issueSends.subject })
    .from(mailEvents)
    .innerJoin(issueSends, eq(issueSends.id, mailEvents.sendId))
    .where(
      and(
        eq(issueSends.userId, ownerId),
        inArray(mailEvents.kind, ['bounced', 'complained']),
        sql`lower(${mailEvents.email}) = ${sub.email.toLowerCase()}`,
        olderThan(cursor, 'mail', mailEvents.at, mailEvents.id, toDriver),
      ),
    )
    .orderBy(desc(mailEvents.at), desc(mailEvents.id))
    .limit(n);
  return rows.map((r) => ({
    type: 'mail',
    key: keyOf(r.at, 'mail', r.id),
    at: r.at.toISOString(),
    kind: r.kind as 'bounced' | 'complained',
    sendId: r.sendId,
    subject: r.subject,
    detail: r.detail,
  }));
}
