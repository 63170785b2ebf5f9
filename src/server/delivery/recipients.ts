// Who gets a send. When delivery starts, the snapshot freezes the readers the send is for; just before
// each chunk goes out, the readers who no longer want it are set aside (marked 'suppressed' with the
// reason the creator sees): those who unsubscribed or were suppressed since, those who left the send's
// segment, and those who paused or chose the weekly roll-up. A reader's change made before their
// chunk is honoured.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { affectedRows, execute, tx, type DbOrTx } from '../db';
import { issueSends, segments, sendRecipients, subscribers, suppressions, type IssueSendRow, type SendRecipientRow } from '../../../db/schema';
import { MATCHES_NOBODY, recipientsWhere, stillMatching } from '../readers/segments';
import { readerChoices } from '../readers/preferences';
import type { SegmentRules } from '../../shared/schemas/readers';
import { drawGroups } from './subject-test';

/**
 * A send to a segment's rules as they stand now; a segment deleted since (refused while a send uses it)
 * matches nobody rather than everybody.
 */
async function segmentRulesOf(db: DbOrTx, send: IssueSendRow): Promise<SegmentRules | null> {
  if (!send.segmentId) return null;
  const [seg] = await db.select({ rules: segments.rules }).from(segments).where(eq(segments.id, send.segmentId));
  return seg?.rules ?? MATCHES_NOBODY;
}

/**
 * Freezes who gets the issue: active subscribers not on the account's suppression list, not paused, who
 * want every issue (or, for a weekly roll-up, who chose it), and, for a send to a segment, matching its
 * rules: the same condition its count before sending used. A subject test's groups are drawn in the
 * same transaction.
 */
export async function snapshotRecipients(db: DbOrTx, send: IssueSendRow, now: Date): Promise<number> {
  return tx(db, async (t) => {
    const res = await execute(
      t,
      sql`
      INSERT INTO ${sendRecipients} (send_id, subscriber_id, email, name, status)
      SELECT ${send.id}, ${subscribers.id}, ${subscribers.email}, ${subscribers.name}, 'pending'
      FROM ${subscribers}
      WHERE ${recipientsWhere(send.publicationId, send.userId, await segmentRulesOf(t, send), now, send)}
      ORDER BY ${subscribers.createdAt}
      ON CONFLICT DO NOTHING`,
    );
    const total = affectedRows(res);
    if (send.subjectTest) await drawGroups(t, send.id, send.subjectTest, total);
    await t.update(issueSends).set({ status: 'sending', total, startedAt: now }).where(eq(issueSends.id, send.id));
    return total;
  });
}

/** Recipients (by send_recipients id) who unsubscribed or were suppressed after the snapshot. */
async function leftSince(db: DbOrTx, send: IssueSendRow, chunk: SendRecipientRow[]): Promise<Set<number>> {
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
async function outOfSegment(db: DbOrTx, send: IssueSendRow, chunk: SendRecipientRow[]): Promise<Set<number>> {
  if (!send.segmentId || chunk.length === 0) return new Set();
  const keep = await stillMatching(
    db,
    (await segmentRulesOf(db, send))!,
    { publicationId: send.publicationId, before: send.startedAt ?? new Date() },
    chunk.map((r) => r.subscriberId ?? ''),
  );
  return new Set(chunk.filter((r) => !r.subscriberId || !keep.has(r.subscriberId)).map((r) => r.id));
}

/** Marks `drop` of `chunk` as not getting the send, with the reason; answers the rest. */
async function setAside(db: DbOrTx, chunk: SendRecipientRow[], drop: Set<number>, reason: string): Promise<SendRecipientRow[]> {
  if (drop.size)
    await db
      .update(sendRecipients)
      .set({ status: 'suppressed', error: reason })
      .where(inArray(sendRecipients.id, [...drop]));
  return chunk.filter((r) => !drop.has(r.id));
}

/** Of a chunk about to be delivered, the recipients who still want it, and which of them want plain text. */
export async function deliverable(
  db: DbOrTx,
  send: IssueSendRow,
  chunk: SendRecipientRow[],
  now: Date,
): Promise<{ ready: SendRecipientRow[]; textOnly: Set<number> }> {
  let ready = await setAside(db, chunk, await leftSince(db, send, chunk), 'Unsubscribed or suppressed before delivery');
  ready = await setAside(db, ready, await outOfSegment(db, send, ready), 'No longer in the segment before delivery');
  const choices = await readerChoices(db, send, ready, now);
  ready = await setAside(db, ready, choices.held, 'Paused, or chose another frequency, before delivery');
  return { ready, textOnly: choices.textOnly };
}
