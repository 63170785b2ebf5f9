// Who a send is for, as the readers' lists and choices say: the condition its snapshot selects with
// (active, not suppressed, not paused, wanting this kind of send, in its segment), and, just before a
// chunk goes out, who of it has left, been suppressed or left the segment since. delivery/ asks these
// questions; the answers are the readers'.
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db';
import { segments, subscribers, suppressions, type IssueSendRow, type SendRecipientRow } from '../../../db/schema';
import type { SegmentRules } from '../../shared/schemas/readers';
import { MATCHES_NOBODY, recipientsWhere, stillMatching } from './segments';

/**
 * A send to a segment's rules as they stand now; a segment deleted since (refused while a send uses it)
 * matches nobody rather than everybody.
 */
export async function segmentRulesOf(db: DbOrTx, send: IssueSendRow): Promise<SegmentRules | null> {
  if (!send.segmentId) return null;
  const [seg] = await db.select({ rules: segments.rules }).from(segments).where(eq(segments.id, send.segmentId));
  return seg?.rules ?? MATCHES_NOBODY;
}

/** The condition on `subscribers` selecting who `send` goes to at `now` (segments.ts, recipientsWhere). */
export async function recipientsOf(db: DbOrTx, send: IssueSendRow, now: Date): Promise<SQL> {
  return recipientsWhere(send.publicationId, send.userId, await segmentRulesOf(db, send), now, send);
}

/** The publication's active readers, whatever their choices: an issue sent now needs at least one. */
export async function activeReaderCount(db: DbOrTx, publicationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(subscribers)
    .where(and(eq(subscribers.publicationId, publicationId), eq(subscribers.status, 'active')));
  return row?.n ?? 0;
}

/** Recipients (by send_recipients id) who unsubscribed or were suppressed after the snapshot. */
export async function leftSince(db: DbOrTx, send: IssueSendRow, chunk: SendRecipientRow[]): Promise<Set<number>> {
  const blocked = new Set(
    (
      await db
        .select({ email: suppressions.email })
        .from(suppressions)
        .where(
          and(
            eq(suppressions.userId, send.userId),
            inArray(
              suppressions.email,
              chunk.map((r) => r.email),
            ),
          ),
        )
    ).map((r) => r.email),
  );
  const left = new Set(
    (
      await db
        .select({ id: subscribers.id })
        .from(subscribers)
        .where(
          and(
            inArray(
              subscribers.id,
              chunk.map((r) => r.subscriberId ?? ''),
            ),
            sql`${subscribers.status} != 'active'`,
          ),
        )
    ).map((r) => r.id),
  );
  return new Set(chunk.filter((r) => blocked.has(r.email) || (r.subscriberId && left.has(r.subscriberId))).map((r) => r.id));
}

/**
 * Recipients of a send to a segment who no longer match it (they removed the segment's tag, say). The
 * "last N sends" of engagement rules stay those before this send started, so its own opens move nobody.
 */
export async function outOfSegment(db: DbOrTx, send: IssueSendRow, chunk: SendRecipientRow[]): Promise<Set<number>> {
  if (!send.segmentId || chunk.length === 0) return new Set();
  const keep = await stillMatching(
    db,
    (await segmentRulesOf(db, send))!,
    { publicationId: send.publicationId, before: send.startedAt ?? new Date() },
    chunk.map((r) => r.subscriberId ?? ''),
  );
  return new Set(chunk.filter((r) => !r.subscriberId || !keep.has(r.subscriberId)).map((r) => r.id));
}
