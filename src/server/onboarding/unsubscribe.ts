// Unsubscribing from the product's own mail: every onboarding e-mail and product newsletter carries a
// signed link naming the account (purpose 'onboarding-unsub' or 'product-news-unsub'), so no table is
// needed and a token cannot be guessed or moved to another account. GET only shows a confirmation page
// (link scanners open links); POST (the page's form or a mail client's one-click request) unsubscribes.
// A second use answers "already unsubscribed"; a forged or altered token answers null.
import { and, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../context';
import { affectedRows, tx, type DbOrTx } from '../db';
import { users } from '../../../db/schema';
import { readToken, signToken } from '../crypto';
import type { ProductList } from '../../shared/schemas/onboarding';
import { maskEmail } from '../../shared/mask-email';

export type { ProductList };

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

/** The account a token names, or null for an invalid token or an account that is gone. */
async function lookup(db: DbOrTx, env: Pick<Deps['env'], 'APP_SECRET'>, list: ProductList, token: string) {
  const userId = readToken(env.APP_SECRET, PURPOSE[list], token);
  if (!userId) return null;
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

const isOff = (list: ProductList, row: { productNewsOptIn: boolean; onboardingUnsubscribedAt: Date | null }) =>
  list === 'onboarding' ? row.onboardingUnsubscribedAt !== null : !row.productNewsOptIn;

export async function productUnsubscribeInfo(deps: Pick<Deps, 'db' | 'env'>, list: ProductList, token: string): Promise<ProductUnsubscribeInfo | null> {
  const row = await lookup(deps.db, deps.env, list, token);
  return row ? { list, email: maskEmail(row.email), unsubscribed: isOff(list, row) } : null;
}

/** Unsubscribes the token's account; `changed` is false when it already was. Null for an invalid token. */
export async function productUnsubscribe(deps: Pick<Deps, 'db' | 'env' | 'now' | 'log'>, list: ProductList, token: string) {
  // A forged token opens no transaction.
  if (!readToken(deps.env.APP_SECRET, PURPOSE[list], token)) return null;
  // The look and the change in one transaction, and the change written only while the account is still
  // on the list: of two uses at once, one changes (and logs) it.
  const found = await tx(deps.db, async (t) => {
    const row = await lookup(t, deps.env, list, token);
    if (!row) return null;
    if (isOff(list, row)) return { row, changed: false };
    const now = deps.now();
    const stillOn = list === 'onboarding' ? isNull(users.onboardingUnsubscribedAt) : eq(users.productNewsOptIn, true);
    const changed =
      affectedRows(
        await t
          .update(users)
          .set(list === 'onboarding' ? { onboardingUnsubscribedAt: now, updatedAt: now } : { productNewsOptIn: false, updatedAt: now })
          .where(and(eq(users.id, row.id), stillOn)),
      ) === 1;
    return { row, changed };
  });
  if (!found) return null;
  const { row, changed } = found;
  if (changed) deps.log.info(`${list === 'onboarding' ? 'onboarding e-mails' : 'product news'}: ${row.id} unsubscribed`);
  return { changed, info: { list, email: maskEmail(row.email), unsubscribed: true } satisfies ProductUnsubscribeInfo };
}
