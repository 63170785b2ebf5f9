// An account leaving the product's own mail: one link used several times at once (a mail client's
// one-click POST and the reader's own click) changes the account, and logs it, once.
// @postgres
import { describe, it, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import { harnessWithAdmin } from '../../helpers/app';
import { productUnsubscribe, productUnsubscribeUrl, type ProductList } from '../../../src/server/onboarding/unsubscribe';

const N = 6;

describe('product mail unsubscribe', () => {
  for (const list of ['news', 'onboarding'] as ProductList[])
    it(`${N} uses at once of one ${list} link: one changes the account, the others find it done (five rounds)`, async () => {
      const h = await harnessWithAdmin();
      for (let round = 0; round < 5; round++) {
        const user = await h.insertUser({ email: `leaver${round}@example.com` });
        await h.db.update(users).set({ productNewsOptIn: true }).where(eq(users.id, user.id));
        const token = productUnsubscribeUrl(h.env, list, user.id).split('/').pop()!;

        const outcomes = await Promise.all(Array.from({ length: N }, () => productUnsubscribe(h.deps, list, token)));
        expect(outcomes.filter((o) => o?.changed)).toHaveLength(1);
        expect(outcomes.every((o) => o?.info.unsubscribed)).toBe(true);
      }
    });
});
