// Unsubscribing: every bulk message carries a signed link (https, one click per RFC 8058) and a mailto
// address. The token names the subscriber and the send, so no lookup table is needed and it cannot be
// guessed or altered. Unsubscribing is idempotent and recorded once per subscriber and send.
import { emitWebhook, subscriberEvent } from '../webhooks/emit';
import { readerBrandOf, type ReaderBrand } from './pages/reader-brand';
import { eq } from 'drizzle-orm';
import { SENDS_MSG } from '../../shared/schemas/sends';
import type { Deps } from '../context';
import { tx, type DbOrTx } from '../db';
import { mailEvents, publications, subscribers } from '../../../db/schema';
import { readToken, signToken } from '../crypto';
import { recordReaderEvent } from './events';
import { servedHere, type ServedOn } from '../domains/custom-domains';
import { maskEmail } from '../../shared/mask-email';

const PURPOSE = 'unsubscribe';

export const UNSUBSCRIBE_MSG = {
  invalid: SENDS_MSG.unsubscribeInvalid,
} as const;

export function unsubscribeToken(appSecret: string, subscriberId: string, sendId: string): string {
  return signToken(appSecret, PURPOSE, `${subscriberId}:${sendId}`);
}

/** The reader's unsubscribe links: the page on `base` (APP_URL or the account's custom domain) and a mailto. */
export function unsubscribeLinks(deps: Pick<Deps, 'env'>, base: string, subscriberId: string, sendId: string, domain: string) {
  const token = unsubscribeToken(deps.env.APP_SECRET, subscriberId, sendId);
  return { token, url: `${base}/u/${token}`, mailto: `mailto:unsubscribe@${domain}?subject=unsubscribe%20${token}` };
}

function parse(appSecret: string, token: string) {
  const value = readToken(appSecret, PURPOSE, token);
  if (!value) return null;
  const [subscriberId, sendId] = value.split(':');
  return subscriberId ? { subscriberId, sendId: sendId || null } : null;
}

export interface UnsubscribeInfo {
  publicationName: string;
  /** The address, partly hidden (the link may have been forwarded). */
  email: string;
  status: string;
  /** What the page shows of the publication (name, logo, accent, archive; white-label). */
  brand: ReaderBrand;
}

/** The token's reader; on a custom domain, only when the domain's account is theirs. */
async function lookup(db: DbOrTx, on: ServedOn, parsed: NonNullable<ReturnType<typeof parse>>) {
  const [row] = await db
    .select({ sub: subscribers, pub: publications })
    .from(subscribers)
    .innerJoin(publications, eq(publications.id, subscribers.publicationId))
    .where(eq(subscribers.id, parsed.subscriberId));
  return row && servedHere(on, row.pub.userId) ? { ...row, publicationName: row.pub.name, userId: row.pub.userId, sendId: parsed.sendId } : null;
}

/** What the unsubscribe page shows; null for a forged token or a subscriber since deleted. */
export async function unsubscribeInfo(deps: Pick<Deps, 'db' | 'env'> & ServedOn, token: string): Promise<UnsubscribeInfo | null> {
  const parsed = parse(deps.env.APP_SECRET, token);
  const found = parsed && (await lookup(deps.db, deps, parsed));
  if (!found) return null;
  return {
    publicationName: found.publicationName,
    email: maskEmail(found.sub.email),
    status: found.sub.status,
    brand: await readerBrandOf(deps.db, found.pub, new Date()),
  };
}

/** Unsubscribes the token's subscriber; null when the token is not valid. */
export async function unsubscribe(
  deps: Pick<Deps, 'db' | 'env' | 'now' | 'queue'> & ServedOn,
  token: string,
  via: 'one-click' | 'page' | 'preferences',
): Promise<UnsubscribeInfo | null> {
  const parsed = parse(deps.env.APP_SECRET, token);
  if (!parsed) return null;
  const now = deps.now();
  // The subscriber's status is read in the transaction that changes it.
  const found = await tx(deps.db, async (t) => {
    const row = await lookup(t, deps, parsed);
    if (!row) return null;
    if (row.sub.status === 'active' || row.sub.status === 'pending') {
      await t
        .update(subscribers)
        .set({ status: 'unsubscribed', unsubscribedAt: now, confirmTokenHash: null, updatedAt: now })
        .where(eq(subscribers.id, row.sub.id));
      await recordReaderEvent(t, {
        publicationId: row.sub.publicationId,
        subscriberId: row.sub.id,
        kind: 'unsubscribed',
        source: 'reader',
        detail: { via, sendId: row.sendId },
        at: now,
      });
      const subscriber = subscriberEvent({ ...row.sub, status: 'unsubscribed' });
      await emitWebhook(deps, row.userId, 'subscriber.unsubscribed', { publicationId: row.sub.publicationId, subscriber, by: 'reader', sendId: row.sendId }, t);
    }
    await t
      .insert(mailEvents)
      .values({
        kind: 'unsubscribed',
        provider: via,
        userId: row.userId,
        sendId: row.sendId,
        email: row.sub.email,
        eventKey: `unsubscribe:${row.sub.id}:${row.sendId ?? ''}`,
        at: now,
      })
      .onConflictDoNothing();
    return row;
  });
  if (!found) return null;
  return {
    publicationName: found.publicationName,
    email: maskEmail(found.sub.email),
    status: 'unsubscribed',
    brand: await readerBrandOf(deps.db, found.pub, now),
  };
}
