// Unsubscribing: every bulk message carries a signed link (https, one click per RFC 8058) and a mailto
// address. The token names the subscriber and the send, so no lookup table is needed and it cannot be
// guessed or altered. Unsubscribing is idempotent and recorded once per subscriber and send.
import { eq } from 'drizzle-orm';
import type { Deps } from '../context';
import { mailEvents, publications, subscribers } from '../../../db/schema';
import { readToken, signToken } from '../crypto';

const PURPOSE = 'unsubscribe';

export const UNSUBSCRIBE_MSG = {
  invalid: 'This unsubscribe link is not valid. If you copied it, check that it is complete.',
} as const;

export function unsubscribeToken(appSecret: string, subscriberId: string, sendId: string): string {
  return signToken(appSecret, PURPOSE, `${subscriberId}:${sendId}`);
}

export function unsubscribeLinks(deps: Pick<Deps, 'env'>, subscriberId: string, sendId: string, domain: string) {
  const token = unsubscribeToken(deps.env.APP_SECRET, subscriberId, sendId);
  return { token, url: `${deps.env.APP_URL}/u/${token}`, mailto: `mailto:unsubscribe@${domain}?subject=unsubscribe%20${token}` };
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
}

const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}${'•'.repeat(Math.max(1, Math.min(6, local.length - 2)))}@${domain}`;
};

function lookup(deps: Pick<Deps, 'db' | 'env'>, token: string) {
  const parsed = parse(deps.env.APP_SECRET, token);
  if (!parsed) return null;
  const row = deps.db
    .select({ sub: subscribers, publicationName: publications.name, userId: publications.userId })
    .from(subscribers)
    .innerJoin(publications, eq(publications.id, subscribers.publicationId))
    .where(eq(subscribers.id, parsed.subscriberId))
    .get();
  return row ? { ...row, sendId: parsed.sendId } : null;
}

/** What the unsubscribe page shows; null for a forged token or a subscriber since deleted. */
export function unsubscribeInfo(deps: Pick<Deps, 'db' | 'env'>, token: string): UnsubscribeInfo | null {
  const found = lookup(deps, token);
  return found ? { publicationName: found.publicationName, email: maskEmail(found.sub.email), status: found.sub.status } : null;
}

/** Unsubscribes the token's subscriber; null when the token is not valid. */
export function unsubscribe(deps: Pick<Deps, 'db' | 'env' | 'now'>, token: string, via: 'one-click' | 'page'): UnsubscribeInfo | null {
  const found = lookup(deps, token);
  if (!found) return null;
  const now = deps.now();
  deps.db.transaction((tx) => {
    if (found.sub.status === 'active' || found.sub.status === 'pending') {
      tx.update(subscribers)
        .set({ status: 'unsubscribed', unsubscribedAt: now, confirmTokenHash: null, updatedAt: now })
        .where(eq(subscribers.id, found.sub.id))
        .run();
    }
    tx.insert(mailEvents)
      .values({
        kind: 'unsubscribed',
        provider: via,
        userId: found.userId,
        sendId: found.sendId,
        email: found.sub.email,
        eventKey: `unsubscribe:${found.sub.id}:${found.sendId ?? ''}`,
        at: now,
      })
      .onConflictDoNothing()
      .run();
  });
  return { publicationName: found.publicationName, email: maskEmail(found.sub.email), status: 'unsubscribed' };
}
