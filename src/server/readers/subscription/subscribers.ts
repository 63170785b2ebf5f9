// A publication's subscribers: list with search and status counts, add one, remove, export CSV, and the
// plan's limit that imports (csv-import.ts) share. A reader who unsubscribed, bounced or complained is
// never re-activated by the creator: that choice belongs to the reader.
import { csvCell } from '../../csv';
import { contains } from '../../sql-search';
import { recordReaderEvent, recordReaderEvents } from '../events';
import { addTags, readerTagsOf, setTags, tagsOfMany, type ReaderTags } from '../tags';
import crypto from 'node:crypto';
import { and, count, desc, eq, gt, inArray, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthedContext } from '../../context';
import { tx, type Db, type DbOrTx } from '../../db';
import { locks } from '../../locks';
import { AppError } from '../../errors';
import { subscribers, subscriberTags, SUBSCRIBER_STATUSES, type SubscriberRow, type SubscriberStatus } from '../../../../db/schema';
import { capabilitiesFor } from '../../../shared/plans';
import { findOwned } from '../../publications/publications';
import { normalizeEmail } from '../../mail/headers';
import { isSuppressed } from '../suppression';
import { ensureSlug } from '../pages/slug';
import type { AddInput, ImportTarget, ListInput, RemoveInput, SubscriberDto, UpdateInput } from '../../../shared/schemas/subscribers';
import { decodeCursor, encodeCursor } from '../../cursor';
import { emitWebhook, subscriberEvent } from '../../webhooks/emit';

export type Ctx = Pick<AuthedContext, 'db' | 'user' | 'now' | 'queue' | 'apiKey'>;

export const MAX_IMPORT_ROWS = 100_000;

export const SUBSCRIBER_MSG = {
  already: 'Already subscribed',
  leftByChoice: 'This reader unsubscribed (or their address bounced or complained); only they can subscribe again, from your signup page.',
  suppressed: 'This address is on your suppression list (it bounced or complained) and cannot be added.',
  limit: (n: number) => `Upgrade your plan to keep more than ${n.toLocaleString('en-US')} subscribers per publication.`,
  partlyOverLimit: (imported: number, refused: number, limit: number) =>
    `Imported ${imported.toLocaleString('en-US')} subscribers; ${refused.toLocaleString('en-US')} were not. ${SUBSCRIBER_MSG.limit(limit)}`,
  tooManyRows: `A file can hold at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} subscribers. Split it and import the parts one after another.`,
  noEmailColumn: 'No column of e-mail addresses was found. Put the addresses in a column named "email" (and names in "name").',
  unreadable: 'This file could not be read as CSV.',
  hasInvalid: 'Some rows are not valid; nothing was imported. Fix them, or import only the valid rows.',
  notFound: 'Subscriber not found',
} as const;

export const emailShape = z.email();

export type { SubscriberDto };

const toDto = (r: SubscriberRow, now: Date, { tags, topics }: ReaderTags = { tags: [], topics: [] }): SubscriberDto => ({
  id: r.id,
  email: r.email,
  name: r.name,
  status: r.status,
  source: r.source,
  createdAt: r.createdAt.toISOString(),
  confirmedAt: r.confirmedAt?.toISOString() ?? null,
  unsubscribedAt: r.unsubscribedAt?.toISOString() ?? null,
  tags,
  format: r.format,
  frequency: r.frequency,
  // A pause that has ended is no choice any more.
  pausedUntil: r.pausedUntil && r.pausedUntil.getTime() > now.getTime() ? r.pausedUntil.toISOString() : null,
  topics,
});

export async function statusCounts(db: Db, publicationId: string): Promise<Record<SubscriberStatus, number>> {
  const rows = await db
    .select({ status: subscribers.status, n: count() })
    .from(subscribers)
    .where(eq(subscribers.publicationId, publicationId))
    .groupBy(subscribers.status);
  const counts = Object.fromEntries(SUBSCRIBER_STATUSES.map((s) => [s, 0])) as Record<SubscriberStatus, number>;
  for (const r of rows) counts[r.status] = r.n;
  return counts;
}

export async function listSubscribers(ctx: Ctx, input: ListInput) {
  const pub = await findOwned(ctx.db, ctx.user.id, input.publicationId);
  const conditions = [eq(subscribers.publicationId, pub.id)];
  if (input.status) conditions.push(eq(subscribers.status, input.status));
  if (input.tag)
    conditions.push(
      inArray(
        subscribers.id,
        ctx.db
          .select({ id: subscriberTags.subscriberId })
          .from(subscriberTags)
          .where(and(eq(subscriberTags.publicationId, pub.id), eq(subscriberTags.tag, input.tag))),
      ),
    );
  if (input.search) {
    // SQLite's LIKE ignores ASCII case, as the lower-cased addresses and names need.
    conditions.push(or(contains(subscribers.email, input.search), contains(subscribers.name, input.search))!);
  }
  const where = and(...conditions);
  const [matched] = await ctx.db.select({ n: count() }).from(subscribers).where(where);
  const matching = matched?.n ?? 0;
  // Newest first; a cursor continues after the row it names (keyset), a page number skips rows.
  const after = input.cursor ? decodeCursor(input.cursor, ['n', 's'] as const) : null;
  const page = after
    ? and(where, or(lt(subscribers.createdAt, new Date(after[0])), and(eq(subscribers.createdAt, new Date(after[0])), gt(subscribers.email, after[1]))))
    : where;
  const rows = await ctx.db
    .select()
    .from(subscribers)
    .where(page)
    .orderBy(desc(subscribers.createdAt), subscribers.email)
    .limit(input.limit)
    .offset(after ? 0 : (input.page - 1) * input.limit);
  const counts = await statusCounts(ctx.db, pub.id);
  const tags = await tagsOfMany(
    ctx.db,
    rows.map((r) => r.id),
  );
  const last = rows.length === input.limit ? rows[rows.length - 1] : undefined;
  return {
    publication: { id: pub.id, name: pub.name },
    subscribers: rows.map((r) => toDto(r, ctx.now(), tags.get(r.id))),
    counts,
    total: Object.values(counts).reduce((a, b) => a + b, 0),
    matching,
    page: input.page,
    pageSize: input.limit,
    limit: Number.isFinite(capabilitiesFor(ctx.user).maxSubscribers) ? capabilitiesFor(ctx.user).maxSubscribers : null,
    nextCursor: last ? encodeCursor([last.createdAt.getTime(), last.email]) : null,
  };
}

/** Pending and active readers count against the plan; those who left do not. */
export async function keptCount(db: DbOrTx, publicationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(subscribers)
    .where(and(eq(subscribers.publicationId, publicationId), inArray(subscribers.status, ['pending', 'active'])));
  return row?.n ?? 0;
}

/** `ctx.db` may be the caller's transaction, so the count and the write that follows see the same rows. */
export async function checkLimit(ctx: Pick<Ctx, 'user'> & { db: DbOrTx }, publicationId: string, adding: number): Promise<void> {
  const limit = capabilitiesFor(ctx.user).maxSubscribers;
  if (Number.isFinite(limit) && (await keptCount(ctx.db, publicationId)) + adding > limit)
    throw new AppError('FORBIDDEN', SUBSCRIBER_MSG.limit(limit), { limit });
}

/**
 * Whether this user may import into this publication at all: their own publication and, to write, room
 * left in the plan. Cheap, so an upload is refused with it before its body is read.
 */
export async function authorizeImport(ctx: Pick<Ctx, 'db' | 'user' | 'now'>, input: ImportTarget) {
  const pub = await findOwned(ctx.db, ctx.user.id, input.publicationId);
  if (input.mode === 'import') await checkLimit(ctx, pub.id, 1);
  return pub;
}

export function addSubscriber(ctx: Ctx, input: AddInput): Promise<SubscriberDto> {
  const email = normalizeEmail(input.email);
  return tx(ctx.db, async (t) => {
    const pub = await findOwned(t, ctx.user.id, input.publicationId);
    await locks.subscribersOf(t, pub.id);
    const [existing] = await t
      .select()
      .from(subscribers)
      .where(and(eq(subscribers.publicationId, pub.id), eq(subscribers.email, email)))
      .limit(1);
    if (existing)
      throw new AppError('CONFLICT', existing.status === 'active' || existing.status === 'pending' ? SUBSCRIBER_MSG.already : SUBSCRIBER_MSG.leftByChoice);
    if (await isSuppressed(t, ctx.user.id, email)) throw new AppError('CONFLICT', SUBSCRIBER_MSG.suppressed);
    await checkLimit({ user: ctx.user, db: t }, pub.id, 1);
    const now = ctx.now();
    const row: SubscriberRow = {
      id: crypto.randomUUID(),
      publicationId: pub.id,
      email,
      name: input.name,
      status: 'active',
      source: 'manual',
      sourceDetail: null,
      format: 'html',
      frequency: 'every',
      pausedUntil: null,
      confirmTokenHash: null,
      confirmExpiresAt: null,
      confirmedAt: null,
      unsubscribedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    await t.insert(subscribers).values(row);
    await recordReaderEvent(t, { publicationId: pub.id, subscriberId: row.id, kind: 'subscribed', source: row.source, detail: { active: true }, at: now });
    if (input.tags?.length) await addTags(t, pub.id, row.id, input.tags, ctx.apiKey ? 'api' : 'manual', now);
    await emitWebhook(ctx, ctx.user.id, 'subscriber.created', { publicationId: pub.id, subscriber: subscriberEvent(row) }, t);
    return toDto(row, ctx.now(), await readerTagsOf(t, row.id));
  });
}

/** The public signup page and archive feed of a publication, for the creator to share. */
export async function shareInfo(ctx: Pick<AuthedContext, 'db' | 'user' | 'env'>, publicationId: string) {
  const pub = await findOwned(ctx.db, ctx.user.id, publicationId);
  const signupUrl = `${ctx.env.APP_URL}/p/${await ensureSlug(ctx.db, pub.id)}`;
  return { signupUrl, feedUrl: `${signupUrl}/feed.xml` };
}

export function removeSubscribers(ctx: Ctx, input: RemoveInput) {
  // The ownership check and the delete it allows are one transaction.
  return tx(ctx.db, async (t) => {
    const pub = await findOwned(t, ctx.user.id, input.publicationId);
    const gone = await t
      .delete(subscribers)
      .where(and(eq(subscribers.publicationId, pub.id), inArray(subscribers.id, input.ids)))
      .returning({ id: subscribers.id });
    const at = ctx.now();
    await recordReaderEvents(
      t,
      gone.map((g) => ({ publicationId: pub.id, subscriberId: g.id, kind: 'removed' as const, source: 'creator', at })),
    );
    return { removed: gone.length };
  });
}

/** A creator corrects a reader's name or marks them as left (they are then skipped by every send). */
export function updateSubscriber(ctx: Ctx, input: UpdateInput): Promise<SubscriberDto> {
  return tx(ctx.db, async (t) => {
    const pub = await findOwned(t, ctx.user.id, input.publicationId);
    const [row] = await t
      .select()
      .from(subscribers)
      .where(and(eq(subscribers.publicationId, pub.id), eq(subscribers.id, input.id)));
    if (!row) throw new AppError('NOT_FOUND', SUBSCRIBER_MSG.notFound);
    const now = ctx.now();
    const leaving = input.status === 'unsubscribed' && row.status !== 'unsubscribed';
    const changes = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(leaving ? { status: 'unsubscribed' as const, unsubscribedAt: now } : {}),
    };
    if (input.tags) await setTags(t, pub.id, row.id, input.tags, ctx.apiKey ? 'api' : 'manual', now);
    if (Object.keys(changes).length === 0) return toDto(row, ctx.now(), await readerTagsOf(t, row.id));
    const [updated] = await t
      .update(subscribers)
      .set({ ...changes, updatedAt: now })
      .where(eq(subscribers.id, row.id))
      .returning();
    if (leaving) await recordReaderEvent(t, { publicationId: pub.id, subscriberId: row.id, kind: 'unsubscribed', source: 'creator', at: now });
    if (leaving)
      await emitWebhook(ctx, ctx.user.id, 'subscriber.unsubscribed', { publicationId: pub.id, subscriber: subscriberEvent(updated!), by: 'creator' }, t);
    return toDto(updated!, ctx.now(), await readerTagsOf(t, row.id));
  });
}

export async function exportSubscribersCsv(ctx: Ctx, publicationId: string): Promise<{ filename: string; csv: string }> {
  const pub = await findOwned(ctx.db, ctx.user.id, publicationId);
  const rows = await ctx.db.select().from(subscribers).where(eq(subscribers.publicationId, pub.id)).orderBy(subscribers.createdAt);
  const lines = ['email,name,status,source,subscribed_at'];
  for (const r of rows) lines.push([r.email, r.name, r.status, r.source, (r.confirmedAt ?? r.createdAt).toISOString()].map(csvCell).join(','));
  const slug =
    pub.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'publication';
  return { filename: `subscribers-${slug}-${ctx.now().toISOString().slice(0, 10)}.csv`, csv: lines.join('\r\n') + '\r\n' };
}
