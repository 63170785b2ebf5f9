// What providers tell us after a message left: delivered, bounced, complained, opened... Webhook
// adapters turn vendor payloads into DeliveryEvents; this records them once (by the vendor's event id)
// and suppresses addresses that hard-bounce or complain, for every publication of the sending account.
import { recordReaderEvents } from '../readers/events';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { affectedRows, tx, type Db, type DbOrTx } from '../db';
import type { JobQueue } from '../jobs/queue';
import { emitWebhook, subscriberEvent } from '../webhooks/emit';
import { issueSends, mailEvents, publications, sendRecipients, subscribers, suppressions, type MailEventKind, type SubscriberRow } from '../../../db/schema';

export interface DeliveryEvent {
  kind: Exclude<MailEventKind, 'sent'>;
  email: string;
  /** The provider's id for the message (as returned when it was sent). */
  providerMessageId?: string;
  /** For 'bounced': a permanent failure (suppressed) rather than a soft one (not suppressed). */
  hard?: boolean;
  /** The vendor's id for this event; a redelivered webhook with the same key is ignored. */
  eventKey?: string;
  at: Date;
  detail?: string;
  tags?: { sendId?: string; recipientId?: string };
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

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

/** Adds `email` to the account's suppression list and marks its subscriptions; idempotent. Answers the subscriptions it changed. */
export async function suppress(
  db: DbOrTx,
  userId: string,
  email: string,
  reason: 'hard_bounce' | 'complaint' | 'manual',
  source: string,
  now: Date,
): Promise<SubscriberRow[]> {
  const address = normalizeEmail(email);
  await db.insert(suppressions).values({ id: crypto.randomUUID(), userId, email: address, reason, source, createdAt: now }).onConflictDoNothing();
  const status = reason === 'complaint' ? 'complained' : reason === 'hard_bounce' ? 'bounced' : 'unsubscribed';
  const owned = db.select({ id: publications.id }).from(publications).where(eq(publications.userId, userId));
  const changed = await db
    .update(subscribers)
    .set({ status, updatedAt: now })
    .where(and(eq(subscribers.email, address), inArray(subscribers.publicationId, owned), ne(subscribers.status, status)))
    .returning();
  const kind = status === 'unsubscribed' ? 'unsubscribed' : status;
  await recordReaderEvents(
    db,
    changed.map((s) => ({
      publicationId: s.publicationId,
      subscriberId: s.id,
      kind,
      source: reason === 'manual' ? 'creator' : 'provider',
      detail: { reason, by: source },
      at: now,
    })),
  );
  return changed;
}

export async function isSuppressed(db: DbOrTx, userId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: suppressions.id })
    .from(suppressions)
    .where(and(eq(suppressions.userId, userId), eq(suppressions.email, normalizeEmail(email))))
    .limit(1);
  return !!row;
}

/**
 * Records provider events. `owner` is the user id of the provider's account (null for a system
 * provider): an event is only applied to sends of that owner, so one account's webhook cannot
 * suppress addresses for another. Returns how many events were new.
 */
export async function applyDeliveryEvents(
  deps: { db: Db; queue: JobQueue; now: () => Date },
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
      if (!userId) continue;
      if (ev.kind === 'complained') await suppress(t, userId, ev.email, 'complaint', provider.kind, now);
      if (ev.kind === 'bounced' && ev.hard) {
        const bounced = await suppress(t, userId, ev.email, 'hard_bounce', provider.kind, now);
        for (const sub of bounced)
          await emitWebhook(
            deps,
            userId,
            'subscriber.bounced',
            { publicationId: sub.publicationId, subscriber: subscriberEvent(sub), detail: ev.detail ?? null },
            t,
          );
      }
    }
  });
  return recorded;
}
