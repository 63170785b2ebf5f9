// What providers tell us after a message left: delivered, bounced, complained, opened... Webhook
// adapters turn vendor payloads into DeliveryEvents; this records them once (by the vendor's event id)
// and hands each new one of an account to the feedback it is given: what a bounce or a complaint does
// to the account's readers is not mail's to decide (readers/suppression.ts, wired in deps.ts).
import { eq } from 'drizzle-orm';
import { affectedRows, tx, type Db, type DbOrTx } from '../db';
import { normalizeEmail } from './headers';
import { issueSends, mailEvents, sendRecipients, type MailEventKind } from '../../../db/schema';

export interface DeliveryEvent {
  kind: Exclude<MailEventKind, 'sent'>;
  email: string;
  /** The provider's id for the message (as returned when it was sent). */
  providerMessageId?: string;
  /** For 'bounced': a permanent failure rather than a soft one (the account's readers suppress the first only). */
  hard?: boolean;
  /** The vendor's id for this event; a redelivered webhook with the same key is ignored. */
  eventKey?: string;
  at: Date;
  detail?: string;
  tags?: { sendId?: string; recipientId?: string };
}

/** The account a recorded event belongs to, the provider kind that told of it, and when it was received. */
export interface EventAccount {
  userId: string;
  provider: string;
  now: Date;
}

/**
 * What a new event of an account does beyond its record (a complaint or hard bounce suppresses the
 * address for the account's readers), run in the transaction that records the event.
 */
export type MailFeedback = (t: DbOrTx, ev: DeliveryEvent, account: EventAccount) => Promise<void>;

/** The account that sent the message the event is about (via the recipient row), or the provider's owner. */
async function findSend(db: DbOrTx, ev: DeliveryEvent): Promise<{ sendId: string; userId: string } | null> {
  const [byTag] = ev.tags?.sendId
    ? await db.select({ id: issueSends.id, userId: issueSends.userId }).from(issueSends).where(eq(issueSends.id, ev.tags.sendId)).limit(1)
    : [];
  if (byTag) return { sendId: byTag.id, userId: byTag.userId };
  if (!ev.providerMessageId) return null;
  const [row] = await db
    .select({ sendId: sendRecipients.sendId, userId: issueSends.userId })
    .from(sendRecipients)
    .innerJoin(issueSends, eq(issueSends.id, sendRecipients.sendId))
    .where(eq(sendRecipients.providerMessageId, ev.providerMessageId))
    .limit(1);
  return row ?? null;
}

/**
 * Records provider events. `owner` is the user id of the provider's account (null for a system
 * provider): an event is only applied to sends of that owner, so one account's webhook cannot
 * suppress addresses for another. Each new event of an account goes to `deps.mailFeedback`, in the
 * transaction that records it. Returns how many events were new.
 */
export async function applyDeliveryEvents(
  deps: { db: Db; mailFeedback: MailFeedback },
  provider: { kind: string; userId: string | null },
  events: DeliveryEvent[],
  now: Date,
): Promise<number> {
  const { db } = deps;
  let recorded = 0;
  await tx(db, async (t) => {
    for (const ev of events) {
      const send = await findSend(t, ev);
      if (send && provider.userId && send.userId !== provider.userId) continue;
      const userId = send?.userId ?? provider.userId;
      const inserted = await t
        .insert(mailEvents)
        .values({
          kind: ev.kind,
          provider: provider.kind,
          userId,
          sendId: send?.sendId ?? null,
          email: normalizeEmail(ev.email),
          providerMessageId: ev.providerMessageId ?? null,
          detail: ev.detail?.slice(0, 500) ?? null,
          eventKey: ev.eventKey ? `${provider.kind}:${ev.eventKey}` : null,
          at: ev.at,
        })
        .onConflictDoNothing();
      if (affectedRows(inserted) === 0) continue;
      recorded++;
      if (userId) await deps.mailFeedback(t, ev, { userId, provider: provider.kind, now });
    }
  });
  return recorded;
}
