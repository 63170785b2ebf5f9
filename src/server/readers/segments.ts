// Saved segments: a publication's readers selected by rules (tag has / has not, status, signup source,
// engaged or not in the last N sends). The rules become one SQL condition on `subscribers` here, and the
// count shown before sending, the send's snapshot (delivery/runner.ts) and its chunk filter all use it,
// so the number the creator saw is the number snapshotted. Each rule is a set the database computes
// once (IN / NOT IN over an index), never a per-reader lookup, so 100,000 readers count in one query.
import { choicesAllow } from './preferences';
import type { IssueSendRow } from '../../../db/schema';
import crypto from 'node:crypto';
import { and, asc, count, eq, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuthedContext } from '../context';
import { tx, type DbOrTx } from '../db';
import { AppError } from '../errors';
import { locks } from '../locks';
import { findOwned } from '../publications/publications';
import {
  issueSends,
  recurringSchedules,
  segments,
  sendRecipients,
  subscriberTags,
  subscribers,
  suppressions,
  trackingEvents,
  type SegmentRow,
} from '../../../db/schema';
import { MAX_SEGMENTS, READERS_MSG, type SegmentCondition, type SegmentRules } from '../../shared/schemas/readers';

export type Ctx = Pick<AuthedContext, 'db' | 'user' | 'now'>;

export const SEGMENT_MSG = {
  inUse: 'This segment is used by a scheduled send or a recurring issue. Choose another audience there first.',
} as const;

/** Which sends "the last N" means: the publication's sends started before `before`. */
export interface RuleWindow {
  publicationId: string;
  before: Date;
}

/** The ids of the publication's last N sends that started before the window's end. */
function lastSends(w: RuleWindow, n: number): SQL {
  return sql`SELECT ${issueSends.id} FROM ${issueSends}
    WHERE ${and(eq(issueSends.publicationId, w.publicationId), isNotNull(issueSends.startedAt), lt(issueSends.startedAt, w.before))}
    ORDER BY ${issueSends.startedAt} DESC LIMIT ${n}`;
}

/** Readers who opened (human-likely: proxies' opens left out) or clicked in one of the last N sends. */
function engagedIds(w: RuleWindow, n: number): SQL {
  const acted = or(eq(trackingEvents.kind, 'click'), and(eq(trackingEvents.kind, 'open'), eq(trackingEvents.machine, false)));
  return sql`SELECT ${sendRecipients.subscriberId} FROM ${trackingEvents}
    JOIN ${sendRecipients} ON ${sendRecipients.id} = ${trackingEvents.recipientId}
    WHERE ${trackingEvents.sendId} IN (${lastSends(w, n)}) AND ${acted} AND ${isNotNull(sendRecipients.subscriberId)}`;
}

/** Readers one of the last N sends reached. */
function receivedIds(w: RuleWindow, n: number): SQL {
  return sql`SELECT ${sendRecipients.subscriberId} FROM ${sendRecipients}
    WHERE ${sendRecipients.sendId} IN (${lastSends(w, n)}) AND ${eq(sendRecipients.status, 'sent')} AND ${isNotNull(sendRecipients.subscriberId)}`;
}

function taggedIds(publicationId: string, tag: string): SQL {
  return sql`SELECT ${subscriberTags.subscriberId} FROM ${subscriberTags}
    WHERE ${and(eq(subscriberTags.publicationId, publicationId), eq(subscriberTags.tag, tag))}`;
}

function conditionSql(c: SegmentCondition, w: RuleWindow): SQL {
  switch (c.field) {
    case 'tag':
      return c.op === 'has'
        ? sql`${subscribers.id} IN (${taggedIds(w.publicationId, c.value)})`
        : sql`${subscribers.id} NOT IN (${taggedIds(w.publicationId, c.value)})`;
    case 'status':
      return eq(subscribers.status, c.value);
    case 'source':
      return eq(subscribers.source, c.value);
    case 'engaged':
      return sql`${subscribers.id} IN (${engagedIds(w, c.lastIssues)})`;
    case 'notEngaged':
      return sql`(${subscribers.id} IN (${receivedIds(w, c.lastIssues)}) AND ${subscribers.id} NOT IN (${engagedIds(w, c.lastIssues)}))`;
  }
}

/** The rules as one condition on `subscribers` (the publication's readers only). */
export function segmentWhere(rules: SegmentRules, w: RuleWindow): SQL {
  const parts = rules.conditions.map((c) => conditionSql(c, w));
  const joined = rules.match === 'all' ? and(...parts) : or(...parts);
  return and(eq(subscribers.publicationId, w.publicationId), joined)!;
}

/**
 * Who a send to these rules goes to: active readers of the publication, not on the owner's
 * suppression list, matching the rules (null rules: every active reader). The snapshot inserts exactly
 * these rows.
 */
export function recipientsWhere(
  publicationId: string,
  ownerId: string,
  rules: SegmentRules | null,
  before: Date,
  kind: Pick<IssueSendRow, 'rollupOf'> = { rollupOf: null },
): SQL {
  return and(
    eq(subscribers.publicationId, publicationId),
    eq(subscribers.status, 'active'),
    // The readers' own choices: not paused, and wanting every issue (or the weekly roll-up for one).
    choicesAllow(kind, before),
    sql`NOT EXISTS (SELECT 1 FROM ${suppressions} WHERE ${suppressions.userId} = ${ownerId} AND ${suppressions.email} = ${subscribers.email})`,
    rules ? segmentWhere(rules, { publicationId, before }) : undefined,
  )!;
}

/** Rules no reader matches: a send whose segment was deleted since reaches nobody rather than everybody. */
export const MATCHES_NOBODY: SegmentRules = {
  match: 'all',
  conditions: [
    { field: 'tag', op: 'has', value: '-' },
    { field: 'tag', op: 'hasNot', value: '-' },
  ],
};

export async function countWhere(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(subscribers).where(where);
  return Number(row?.n ?? 0);
}

/** Of these readers, the ones the rules still select now (a send's chunk, just before delivery). */
export async function stillMatching(db: DbOrTx, rules: SegmentRules, w: RuleWindow, subscriberIds: string[]): Promise<Set<string>> {
  if (subscriberIds.length === 0) return new Set();
  const rows = await db
    .select({ id: subscribers.id })
    .from(subscribers)
    .where(and(inArray(subscribers.id, subscriberIds), segmentWhere(rules, w)));
  return new Set(rows.map((r) => r.id));
}

// ---- saved segments (owner only) -------------------------------------------------------------------

export interface SegmentDto {
  id: string;
  publicationId: string;
  name: string;
  rules: SegmentRules;
  createdAt: string;
  updatedAt: string;
}

const toDto = (r: SegmentRow): SegmentDto => ({
  id: r.id,
  publicationId: r.publicationId,
  name: r.name,
  rules: r.rules,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** A segment of this user's publication (another account's id is simply not found). */
export async function findOwnedSegment(db: DbOrTx, userId: string, segmentId: string, publicationId?: string): Promise<SegmentRow> {
  const [row] = await db
    .select()
    .from(segments)
    .where(and(eq(segments.id, segmentId), eq(segments.userId, userId), publicationId ? eq(segments.publicationId, publicationId) : undefined));
  if (!row) throw new AppError('NOT_FOUND', READERS_MSG.segmentNotFound);
  // The publication may have changed hands or gone; its ownership is what counts.
  await findOwned(db, userId, row.publicationId);
  return row;
}

export async function listSegments(ctx: Ctx, publicationId: string): Promise<SegmentDto[]> {
  const pub = await findOwned(ctx.db, ctx.user.id, publicationId);
  const rows = await ctx.db.select().from(segments).where(eq(segments.publicationId, pub.id)).orderBy(asc(segments.name));
  return rows.map(toDto);
}

function isUniqueViolation(e: unknown): boolean {
  const text = `${(e as { code?: string })?.code ?? ''} ${(e as Error)?.message ?? ''} ${String((e as { cause?: unknown })?.cause ?? '')}`;
  return /UNIQUE|23505|duplicate key/i.test(text);
}

export async function createSegment(ctx: Ctx, input: { publicationId: string; name: string; rules: SegmentRules }): Promise<SegmentDto> {
  try {
    return await tx(ctx.db, async (t) => {
      const pub = await findOwned(t, ctx.user.id, input.publicationId);
      // The count and the insert it allows under one lock, so requests at once cannot pass the cap together.
      await locks.segmentsOf(t, pub.id);
      const [row] = await t.select({ n: count() }).from(segments).where(eq(segments.publicationId, pub.id));
      if (Number(row?.n ?? 0) >= MAX_SEGMENTS) throw new AppError('FORBIDDEN', READERS_MSG.tooManySegments);
      const [taken] = await t
        .select({ id: segments.id })
        .from(segments)
        .where(and(eq(segments.publicationId, pub.id), eq(segments.name, input.name)));
      if (taken) throw new AppError('CONFLICT', READERS_MSG.segmentTaken);
      const now = ctx.now();
      const seg: SegmentRow = {
        id: crypto.randomUUID(),
        publicationId: pub.id,
        userId: ctx.user.id,
        name: input.name,
        rules: input.rules,
        createdAt: now,
        updatedAt: now,
      };
      await t.insert(segments).values(seg);
      return toDto(seg);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('CONFLICT', READERS_MSG.segmentTaken);
    throw e;
  }
}

export async function updateSegment(ctx: Ctx, input: { id: string; name?: string; rules?: SegmentRules }): Promise<SegmentDto> {
  try {
    return await tx(ctx.db, async (t) => {
      const seg = await findOwnedSegment(t, ctx.user.id, input.id);
      if (input.name !== undefined && input.name !== seg.name) {
        const [taken] = await t
          .select({ id: segments.id })
          .from(segments)
          .where(and(eq(segments.publicationId, seg.publicationId), eq(segments.name, input.name)));
        if (taken) throw new AppError('CONFLICT', READERS_MSG.segmentTaken);
      }
      const [row] = await t
        .update(segments)
        .set({ ...(input.name !== undefined ? { name: input.name } : {}), ...(input.rules ? { rules: input.rules } : {}), updatedAt: ctx.now() })
        .where(eq(segments.id, seg.id))
        .returning();
      return toDto(row!);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('CONFLICT', READERS_MSG.segmentTaken);
    throw e;
  }
}

/** Refused while a send waiting or under way, or a recurring issue, still goes to it. */
export async function deleteSegment(ctx: Ctx, id: string): Promise<{ deleted: true }> {
  return tx(ctx.db, async (t) => {
    const seg = await findOwnedSegment(t, ctx.user.id, id);
    // Sends and schedules pick a segment under this lock, so none starts using it while it goes.
    await locks.segmentsOf(t, seg.publicationId);
    const [sending] = await t
      .select({ id: issueSends.id })
      .from(issueSends)
      .where(and(eq(issueSends.segmentId, seg.id), inArray(issueSends.status, ['scheduled', 'sending'])))
      .limit(1);
    const [recurring] = await t.select({ id: recurringSchedules.id }).from(recurringSchedules).where(eq(recurringSchedules.segmentId, seg.id)).limit(1);
    if (sending || recurring) throw new AppError('CONFLICT', SEGMENT_MSG.inUse);
    await t.delete(segments).where(eq(segments.id, seg.id));
    return { deleted: true as const };
  });
}

/** How many readers the rules select, and how many of them a send would reach now (active, not suppressed). */
export async function countRules(ctx: Ctx, input: { publicationId: string; rules: SegmentRules }): Promise<{ matching: number; recipients: number }> {
  const pub = await findOwned(ctx.db, ctx.user.id, input.publicationId);
  const now = ctx.now();
  // One pass over the matching readers counts both: those a send would reach are the matching ones
  // that also pass the send's own condition (active, not suppressed, not paused, every issue).
  const [row] = await ctx.db
    .select({
      matching: count(),
      recipients: sql<number>`coalesce(sum(CASE WHEN ${recipientsWhere(pub.id, pub.userId, null, now)} THEN 1 ELSE 0 END), 0)`.mapWith(Number),
    })
    .from(subscribers)
    .where(segmentWhere(input.rules, { publicationId: pub.id, before: now }));
  return { matching: Number(row?.matching ?? 0), recipients: row?.recipients ?? 0 };
}

/** The audience count the send dialog shows: a saved segment's recipients, or (no id) every active reader. */
export async function countAudience(ctx: Ctx, input: { publicationId: string; segmentId?: string | null }): Promise<{ recipients: number }> {
  const pub = await findOwned(ctx.db, ctx.user.id, input.publicationId);
  const seg = input.segmentId ? await findOwnedSegment(ctx.db, ctx.user.id, input.segmentId, pub.id) : null;
  return { recipients: await countWhere(ctx.db, recipientsWhere(pub.id, pub.userId, seg?.rules ?? null, ctx.now())) };
}
