// Who gets a send. When delivery starts, the snapshot freezes the readers the send is for; just before
// each chunk goes out, the readers who no longer want it are set aside (marked 'suppressed' with the
// reason the creator sees): those who unsubscribed or were suppressed since, those who left the send's
// segment, and those who paused or chose the weekly roll-up. A reader's change made before their
// chunk is honoured. Who the readers are, and who has left, the readers answer (readers/recipients.ts);
// this keeps the send's own list of them.
import { eq, inArray, sql } from 'drizzle-orm';
import { affectedRows, execute, tx, type DbOrTx } from '../db';
import { issueSends, sendRecipients, subscribers, type IssueSendRow, type SendRecipientRow } from '../../../db/schema';
import { leftSince, outOfSegment, recipientsOf } from '../readers/recipients';
import { readerChoices } from '../readers/preferences';
import { drawGroups } from './subject-test';

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
      WHERE ${await recipientsOf(t, send, now)}
      ORDER BY ${subscribers.createdAt}
      ON CONFLICT DO NOTHING`,
    );
    const total = affectedRows(res);
    if (send.subjectTest) await drawGroups(t, send.id, send.subjectTest, total);
    await t.update(issueSends).set({ status: 'sending', total, startedAt: now }).where(eq(issueSends.id, send.id));
    return total;
  });
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
