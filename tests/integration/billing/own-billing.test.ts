// /billing for every creator: billing.subscription answers with the caller's own plan and payments
// (never another account's), while the subscriptions table of every account stays staff-only.
// @postgres
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { subscriptions } from '../../../db/schema';
import { harnessWithAdmin, type Harness } from '../../helpers/app';
import { expectStatus } from '../workflow/factories';
import { MSG } from '../../../src/shared/messages';

const NOW = new Date('2026-11-21T08:00:00.000Z');

async function insertSubscription(h: Harness, userId: string, o: Partial<typeof subscriptions.$inferInsert>) {
  await h.db
    .insert(subscriptions)
    .values({ id: crypto.randomUUID(), userId, plan: 'basic', status: 'active', source: 'stripe', startedAt: NOW, updatedAt: NOW, ...o });
}

describe("a creator's own billing", () => {
  it("billing.subscription returns the caller's plan, renewal and payments, not another account's", async () => {
    const h = await harnessWithAdmin({ deps: { now: () => NOW } });
    const mine = await h.insertUser({ planType: 'professional' });
    const theirs = await h.insertUser({ planType: 'business' });
    await insertSubscription(h, mine.id, {
      plan: 'professional',
      stripeCustomerId: 'cus_mine',
      stripeSubscriptionId: 'sub_mine',
      amountCents: 1900,
      currentPeriodEnd: new Date('2026-12-21T08:00:00.000Z'),
      startedAt: new Date('2026-10-21T08:00:00.000Z'),
      lastPaymentAt: new Date('2026-11-21T07:00:00.000Z'),
    });
    await insertSubscription(h, theirs.id, {
      plan: 'business',
      stripeCustomerId: 'cus_theirs',
      stripeSubscriptionId: 'sub_theirs',
      amountCents: 3900,
      billingCycle: 'yearly',
      currentPeriodEnd: new Date('2027-01-01T00:00:00.000Z'),
    });

    expect(await h.caller(mine).billing.subscription()).toEqual({
      currentPlan: 'professional',
      status: 'active',
      periodEnd: '2026-12-21T08:00:00.000Z',
      cancelAtPeriodEnd: false,
      source: 'stripe',
      paymentsEnabled: false,
      trialDaysLeft: null,
      payment: {
        amountPaid: 19,
        currency: 'usd',
        billingCycle: 'monthly',
        startedAt: '2026-10-21T08:00:00.000Z',
        lastPaymentAt: '2026-11-21T07:00:00.000Z',
      },
    });
    expect(await h.caller(theirs).billing.subscription()).toMatchObject({
      currentPlan: 'business',
      periodEnd: '2027-01-01T00:00:00.000Z',
      payment: { amountPaid: 39, billingCycle: 'yearly', lastPaymentAt: null },
    });
  });

  it('a free account and a canceled subscription have no payment in force', async () => {
    const h = await harnessWithAdmin({ deps: { now: () => NOW } });
    const free = await h.insertUser({ planType: 'free', createdAt: NOW });
    expect(await h.caller(free).billing.subscription()).toMatchObject({ currentPlan: 'free', trialDaysLeft: 7, source: null, payment: null });
    const lapsed = await h.insertUser({ planType: 'free' });
    await insertSubscription(h, lapsed.id, { status: 'canceled', amountCents: 900, stripeCustomerId: 'cus_lapsed' });
    expect(await h.caller(lapsed).billing.subscription()).toMatchObject({ status: null, payment: null });
  });

  it('the subscriptions table of every account answers 403 to a plain user and 401 when signed out', async () => {
    const h = await harnessWithAdmin({ deps: { now: () => NOW } });
    const user = await h.insertUser({ planType: 'professional' });
    await expectStatus(h.caller(user).billing.adminList(), 403, MSG.forbidden);
    await expectStatus(h.caller(user).billing.adminCsv(), 403, MSG.forbidden);
    await expectStatus(h.caller('anon').billing.adminList(), 401, MSG.notSignedIn);
    const manager = await h.insertUser({ role: 'manager' });
    expect((await h.caller(manager).billing.adminList()).records.length).toBeGreaterThan(0);
  });
});
