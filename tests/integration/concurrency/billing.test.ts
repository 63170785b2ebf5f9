// A staff plan change and a Stripe event for the same account at once: each reads the subscription row
// and then writes it and the account's plan, so they run one after the other (one lock per account). The
// Stripe subscription is never deleted by a staff change that read the row before the event wrote it,
// and the account's plan is what one of the two orders leaves.
// @postgres
import { describe, it, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { subscriptions, users } from '../../../db/schema';
import { createHarness } from '../../helpers/app';
import { applyStripeSubscription } from '../../../src/server/billing/subscription';
import type { StripeConfig } from '../../../src/server/billing/stripe';
import { together } from './support';

const cfg: StripeConfig = {
  secretKey: 'sk_test_bench',
  webhookSecret: 'whsec_test',
  prices: { basic: 'price_basic', professional: 'price_professional', business: 'price_business' },
  apiBase: null,
};

/** What Stripe says of a new Business subscription of the account (the fields the product reads). */
function businessSubscription(userId: string, round: number): Stripe.Subscription {
  const start = Math.floor(Date.now() / 1000);
  return {
    id: `sub_${round}`,
    customer: `cus_${round}`,
    status: 'active',
    cancel_at_period_end: false,
    start_date: start,
    metadata: { userId },
    items: {
      data: [{ current_period_end: start + 30 * 86400, price: { id: 'price_business', unit_amount: 4900, currency: 'usd', recurring: { interval: 'month' } } }],
    },
  } as unknown as Stripe.Subscription;
}

describe('a staff plan change and a Stripe event at once', () => {
  // Ten rounds: a single pair of calls may happen not to meet.
  it('the Stripe subscription survives, and the plan is what one of the two orders leaves', async () => {
    for (let round = 0; round < 10; round++) {
      const h = await createHarness();
      const admin = await h.insertUser({ email: 'admin@example.com' });
      const creator = await h.insertUser({ email: 'creator@example.com' });
      const staff = h.caller(admin);
      // A plan staff gave earlier: the row a change to Free deletes.
      await staff.billing.setPlan({ userId: creator.id, plan: 'professional', reason: 'pilot' });

      await together([
        staff.billing.setPlan({ userId: creator.id, plan: 'free', reason: 'pilot ended' }),
        applyStripeSubscription(h.db, cfg, businessSubscription(creator.id, round), new Date()),
      ]);

      const [sub] = await h.db.select().from(subscriptions).where(eq(subscriptions.userId, creator.id));
      expect(sub).toMatchObject({ source: 'stripe', stripeSubscriptionId: `sub_${round}`, plan: 'business', status: 'active' });
      const [account] = await h.db.select({ plan: users.planType }).from(users).where(eq(users.id, creator.id));
      // Staff first: the event then grants Business. The event first: staff's Free leaves Stripe's row to Stripe.
      expect(['business', 'free']).toContain(account!.plan);
    }
  });
});
