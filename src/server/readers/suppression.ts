// An account's suppression list: addresses that hard-bounced or complained (or that the creator
// suppressed) are never mailed again from that account, and their subscriptions in every publication of
// the account say why. Providers' events reach here through mail/events.ts, which records them and hands
// each new one of an account to `applyMailFeedback` (wired in deps.ts): the policy is the readers'.
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db';
import type { JobQueue } from '../jobs/queue';
import { publications, subscribers, suppressions, type SubscriberRow } from '../../../db/schema';
import { normalizeEmail } from '../mail/headers';
import type { DeliveryEvent, EventAccount } from '../mail/events';
import { emitWebhook, subscriberEvent } from '../webhooks/emit';
import { recordReaderEvents } from './events';

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
 * What a provider's new event does to the account's readers, in the transaction that recorded it: a
 * complaint suppresses the address; a hard bounce does too, and the account's webhooks hear of each
 * subscription it ended. Soft bounces, deliveries, opens and clicks change nobody.
 */
export async function applyMailFeedback(
  deps: { db: Db; queue: JobQueue; now: () => Date },
  t: DbOrTx,
  ev: DeliveryEvent,
  account: EventAccount,
): Promise<void> {
  const { userId, provider, now } = account;
  if (ev.kind === 'complained') await suppress(t, userId, ev.email, 'complaint', provider, now);
  if (ev.kind !== 'bounced' || !ev.hard) return;
  const bounced = await suppress(t, userId, ev.email, 'hard_bounce', provider, now);
  for (const sub of bounced)
    await emitWebhook(deps, userId, 'subscriber.bounced', { publicationId: sub.publicationId, subscriber: subscriberEvent(sub), detail: ev.detail ?? null }, t);
}
