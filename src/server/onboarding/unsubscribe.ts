// Unsubscribing from the product's own mail: every onboarding e-mail and product newsletter carries a
// signed link naming the account (purpose 'onboarding-unsub' or 'product-news-unsub'), so no table is
// needed and a token cannot be guessed or moved to another account. GET only shows a confirmation page
// (link scanners open links); POST (the page's form or a mail client's one-click request) unsubscribes.
// A second use answers "already unsubscribed"; a forged or altered token answers null.
import { eq } from 'drizzle-orm';
import type { Deps } from '../context';
import { users } from '../../../db/schema';
import { readToken, signToken } from '../crypto';

export const LISTS = ['onboarding', 'news'] as const;
export type ProductList = (typeof LISTS)[number];

const PURPOSE: Record<ProductList, string> = { onboarding: 'onboarding-unsub', news: 'product-news-unsub' };
/** The POST paths (also the List-Unsubscribe address); outside /u/*, which belongs to subscribers. */
export const UNSUBSCRIBE_PATH: Record<ProductList, string> = { onboarding: '/api/onboarding/unsubscribe', news: '/api/product-news/unsubscribe' };
/** The client page that asks for confirmation. */
export const UNSUBSCRIBE_PAGE = '/unsubscribe-product';

export const PRODUCT_UNSUB_MSG = {
  invalid: 'This unsubscribe link is not valid. If you copied it, check that it is complete.',
} as const;

export function productUnsubscribeUrl(env: Pick<Deps['env'], 'APP_URL' | 'APP_SECRET'>, list: ProductList, userId: string) {
  return `${env.APP_URL}${UNSUBSCRIBE_PATH[list]}/${signToken(env.APP_SECRET, PURPOSE[list], userId)}`;
}

export interface ProductUnsubscribeInfo {
  list: ProductList;
  /** The address, partly hidden (the link may have been forwarded). */
  email: string;
  /** True when the account no longer gets this mail. */
  unsubscribed: boolean;
}

const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}${'•'.repeat(Math.max(1, Math.min(6, local.length - 2)))}@${domain}`;
};

function lookup(deps: Pick<Deps, 'db' | 'env'>, list: ProductList, token: string) {
  const userId = readToken(deps.env.APP_SECRET, PURPOSE[list], token);
  if (!userId) return null;
  return deps.db.select().from(users).where(eq(users.id, userId)).get() ?? null;
}

const isOff = (list: ProductList, row: { productNewsOptIn: boolean; onboardingUnsubscribedAt: Date | null }) =>
  list === 'onboarding' ? row.onboardingUnsubscribedAt !== null : !row.productNewsOptIn;

export function productUnsubscribeInfo(deps: Pick<Deps, 'db' | 'env'>, list: ProductList, token: string): ProductUnsubscribeInfo | null {
  const row = lookup(deps, list, token);
  return row ? { list, email: maskEmail(row.email), unsubscribed: isOff(list, row) } : null;
}

/** Unsubscribes the token's account; `changed` is false when it already was. Null for an invalid token. */
export function productUnsubscribe(deps: Pick<Deps, 'db' | 'env' | 'now' | 'log'>, list: ProductList, token: string) {
  const row = lookup(deps, list, token);
  if (!row) return null;
  const changed = !isOff(list, row);
  if (changed) {
    const now = deps.now();
    deps.db
      .update(users)
      .set(list === 'onboarding' ? { onboardingUnsubscribedAt: now, updatedAt: now } : { productNewsOptIn: false, updatedAt: now })
      .where(eq(users.id, row.id))
      .run();
    deps.log.info(`${list === 'onboarding' ? 'onboarding e-mails' : 'product news'}: ${row.id} unsubscribed`);
  }
  return { changed, info: { list, email: maskEmail(row.email), unsubscribed: true } satisfies ProductUnsubscribeInfo };
}
