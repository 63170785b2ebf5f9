// Buying plans against a loopback fake of Stripe's API: checkout, the signed webhook that changes the
// plan (re-read from Stripe), cancellation at period end, forged and replayed events refused, the
// portal, staff setting a plan (audited), the billing records and CSV, and an unconfigured server. A
// cancellation turns the account's webhook endpoints off (webhooks come with the plan).
// @postgres
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { auditLog, subscriptions, users, webhookEndpoints } from '../../../db/schema';
import { encryptSecret } from '../../../src/server/crypto';
import { createHarness, cookieFrom, jsonRequest, type Harness } from '../../helpers/app';
import { startFakeStripe, type FakeStripe } from '../../helpers/fake-stripe';
import { expectStatus } from '../workflow/factories';
import { BILLING_MSG, BILLING_CSV_COLUMNS } from '../../../src/shared/schemas/billing';
import { MSG } from '../../../src/shared/messages';

const SECRET = 'whsec_test_secret';
const KEY = 'sk_test_key';
const PRICES = { price_basic: 900, price_pro: 1900, price_business: 3900 };

let stripe: FakeStripe;
let server: ServerType;
let h: Harness;
let webhookUrl = '';

function stripeEnv(apiBase: string) {
  return {
    STRIPE_SECRET_KEY: KEY,
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_PRICE_BASIC: 'price_basic',
    STRIPE_PRICE_PROFESSIONAL: 'price_pro',
    STRIPE_PRICE_BUSINESS: 'price_business',
    STRIPE_API_BASE: apiBase,
  };
}

beforeAll(async () => {
  stripe = await startFakeStripe({ webhookUrl: () => webhookUrl, webhookSecret: SECRET, apiKey: KEY, prices: PRICES });
  h = await createHarness({ env: stripeEnv(stripe.url) });
  await h.insertUser({ email: 'admin@example.com', name: 'Admin' });
  server = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  webhookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/stripe`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await stripe.close();
});

const planOf = async (userId: string) => (await h.db.select({ plan: users.planType }).from(users).where(eq(users.id, userId)))[0]!.plan;

describe('checkout and webhooks', () => {
  it('a paid checkout changes the plan only when Stripe’s signed event arrives; cancel keeps access to the period end', async () => {
    const user = await h.insertUser({ email: 'buyer@example.com', name: 'Bea Buyer' });
    const api = h.caller(user);
    expect(await api.billing.subscription()).toMatchObject({ currentPlan: 'free', paymentsEnabled: true, status: null });

    const res = await api.billing.checkout({ plan: 'professional' });
    expect(res.success).toBe(true);
    expect(res.url).toMatch(new RegExp(`^${stripe.url}/checkout/cs_test_`));
    const created = stripe.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(created.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_pro',
      'subscription_data[metadata][userId]': user.id,
      client_reference_id: user.id,
    });
    expect(created.auth).toBe(`Bearer ${KEY}`);
    // Opening checkout changes nothing.
    expect(await planOf(user.id)).toBe('free');

    const sessionId = res.url!.split('/').pop()!;
    const sub = await stripe.completeCheckout(sessionId);
    expect(await planOf(user.id)).toBe('professional');
    const [row] = await h.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(row).toMatchObject({
      plan: 'professional',
      status: 'active',
      source: 'stripe',
      stripeSubscriptionId: sub.id,
      amountCents: 1900,
      cancelAtPeriodEnd: false,
    });
    expect(row!.lastPaymentAt).not.toBeNull();
    // The plan was read from Stripe, not from the event.
    expect(stripe.requests.some((r) => r.method === 'GET' && r.path === `/v1/subscriptions/${sub.id}`)).toBe(true);
    // Theme access follows (newsprint is a professional theme).
    const [fresh] = await h.db.select().from(users).where(eq(users.id, user.id));
    const pro = { ...user, planType: fresh!.planType as 'professional' };
    await expect(
      h.caller(pro).wizard.assemble({ newsletterName: 'Pro', themeId: 'newsprint', articles: [{ id: 'a', title: 'T', url: 'https://example.com/' }] }),
    ).resolves.toMatchObject({ success: true });

    // Cancelling in the portal keeps the plan to the end of the period.
    await stripe.updateSubscription(sub.id, { cancel_at_period_end: true });
    expect(await planOf(user.id)).toBe('professional');
    expect(await h.caller(pro).billing.subscription()).toMatchObject({
      currentPlan: 'professional',
      cancelAtPeriodEnd: true,
      status: 'active',
      source: 'stripe',
    });
    // When the period ends Stripe cancels it: back to free, data kept.
    await stripe.updateSubscription(sub.id, { status: 'canceled' });
    expect(await planOf(user.id)).toBe('free');

    // A second checkout while subscribed goes to the portal instead of a second subscription.
    const again = await h.caller(user).billing.checkout({ plan: 'business' });
    expect(again.url).toMatch(/\/checkout\//);
  });

  it('a cancellation from Stripe turns the account’s webhook endpoints off, with the reason', async () => {
    const user = await h.insertUser({ email: 'hooks@example.com' });
    const sub = await stripe.completeCheckout((await h.caller(user).billing.checkout({ plan: 'professional' })).url!.split('/').pop()!);
    const at = new Date();
    await h.db.insert(webhookEndpoints).values({
      id: 'crm-sync',
      userId: user.id,
      url: 'https://crm.example.com/hooks',
      events: ['subscriber.created'],
      secret: encryptSecret(h.env.APP_SECRET, 'whsec_c2VjcmV0'),
      createdAt: at,
      updatedAt: at,
    });
    await stripe.updateSubscription(sub.id, { cancel_at_period_end: true });
    expect((await h.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, 'crm-sync')))[0]).toMatchObject({ enabled: true });
    await stripe.updateSubscription(sub.id, { status: 'canceled' });
    expect(await planOf(user.id)).toBe('free');
    const [endpoint] = await h.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, 'crm-sync'));
    expect(endpoint).toMatchObject({ enabled: false });
    expect(endpoint!.disabledReason).toContain('webhooks are not part of the Free plan');
  });

  it('refuses forged, unsigned, stale and replayed events; a replay changes nothing', async () => {
    const user = await h.insertUser({ email: 'victim@example.com' });
    const forgedSub = {
      id: 'sub_forged',
      object: 'subscription',
      customer: 'cus_x',
      status: 'active',
      cancel_at_period_end: false,
      start_date: 1,
      metadata: { userId: user.id },
      items: { data: [] },
    };
    const post = (body: string, signature?: string) =>
      h.app.request('/webhooks/stripe', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
        body,
      });

    const forged = stripe.signedEvent('customer.subscription.updated', forgedSub, { secret: 'whsec_wrong' });
    expect((await post(forged.body, forged.signature)).status).toBe(400);
    expect((await post(forged.body)).status).toBe(400);
    const stale = stripe.signedEvent('customer.subscription.updated', forgedSub, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await post(stale.body, stale.signature)).status).toBe(400);
    // A correctly signed body altered afterwards fails too.
    const good = stripe.signedEvent('customer.subscription.updated', forgedSub);
    expect((await post(good.body.replace('"active"', '"trialing"'), good.signature)).status).toBe(400);
    expect(await planOf(user.id)).toBe('free');

    // A genuine event for a subscription Stripe does not know fails (the re-read 404s) and can be retried.
    const unknown = await post(good.body, good.signature);
    expect(unknown.status).toBe(500);

    // Replays of a handled event are acknowledged and ignored.
    const buyer = await h.insertUser({ email: 'replay@example.com' });
    const res = await h.caller(buyer).billing.checkout({ plan: 'basic' });
    const sub = await stripe.completeCheckout(res.url!.split('/').pop()!);
    expect(await planOf(buyer.id)).toBe('basic');
    const event = stripe.signedEvent('customer.subscription.updated', { ...sub, status: 'canceled' });
    const first = await post(event.body, event.signature);
    expect(await first.json()).toMatchObject({ outcome: 'handled' });
    // Stripe still says active (the event lied about the status): the plan stays.
    expect(await planOf(buyer.id)).toBe('basic');
    const replay = await post(event.body, event.signature);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ outcome: 'duplicate' });
  });

  it('checkout refusals: enterprise and the current plan; errors from Stripe get the spec’s message', async () => {
    const user = await h.insertUser({ email: 'picky@example.com', planType: 'basic' });
    await expectStatus(h.caller(user).billing.checkout({ plan: 'enterprise' }), 400, BILLING_MSG.notPurchasable);
    await expectStatus(h.caller(user).billing.checkout({ plan: 'free' }), 400, BILLING_MSG.notPurchasable);
    await expectStatus(h.caller(user).billing.checkout({ plan: 'basic' }), 409, BILLING_MSG.alreadyOnPlan);
    await expectStatus(h.caller('anon').billing.checkout({ plan: 'basic' }), 401);
    await expectStatus(h.caller(user).billing.portal(), 412, BILLING_MSG.noStripeCustomer);
    // A Stripe that refuses the key.
    const broken = await createHarness({ env: { ...stripeEnv(stripe.url), STRIPE_SECRET_KEY: 'sk_test_wrong' } });
    const u = await broken.insertUser({ email: 'x@example.com' });
    await expectStatus(broken.caller(u).billing.checkout({ plan: 'basic' }), 502, BILLING_MSG.checkoutError);
  });

  it('REST: /api/create-checkout-session answers { success, url, message }', async () => {
    const signup = await h.app.request('/api/auth/signup', jsonRequest('POST', { name: 'Rita', email: 'rita@example.com', password: 'correct horse battery' }));
    const cookie = cookieFrom(signup);
    const res = await h.app.request('/api/create-checkout-session', jsonRequest('POST', { plan: 'basic' }, { cookie }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, url: expect.stringContaining('/checkout/cs_test_') });
    // The customer now exists at Stripe: the portal opens for it.
    const portal = await h.app.request('/api/billing/portal', jsonRequest('POST', {}, { cookie }));
    expect(portal.status).toBe(200);
    expect(await portal.json()).toMatchObject({ url: expect.stringContaining('/portal/') });
  });
});

describe('staff', () => {
  it('an admin sets a plan (audited); managers cannot; users cannot; records, summary and CSV', async () => {
    const adminUser = { ...(await h.insertUser({ email: 'admin2@example.com', role: 'admin' })) };
    const manager = await h.insertUser({ email: 'manager@example.com', role: 'manager' });
    const target = await h.insertUser({ email: 'target@example.com', name: 'Tess Target' });
    await h.caller(adminUser).billing.setPlan({ userId: target.id, plan: 'business', reason: 'Partner' });
    expect(await planOf(target.id)).toBe('business');
    const [entry] = await h.db.select().from(auditLog).where(eq(auditLog.targetUserId, target.id)).limit(1);
    expect(entry).toMatchObject({ actorId: adminUser.id, actorEmail: 'admin2@example.com', action: 'plan.set', ip: '127.0.0.1' });
    expect(entry!.detail).toMatchObject({ from: 'free', to: 'business', reason: 'Partner' });
    await expectStatus(h.caller(manager).billing.setPlan({ userId: target.id, plan: 'free' }), 403);
    await expectStatus(h.caller(target).billing.setPlan({ userId: target.id, plan: 'enterprise' }), 403);
    await expectStatus(h.caller(adminUser).billing.setPlan({ userId: 'nobody', plan: 'basic' }), 404);

    const list = await h.caller(manager).billing.adminList();
    expect(list.records.every((r) => !r.sample)).toBe(true);
    const tess = list.records.find((r) => r.email === 'target@example.com')!;
    expect(tess).toMatchObject({ name: 'Tess Target', planType: 'Business', subscriptionStatus: 'active', amountPaid: 0 });
    const bought = list.records.find((r) => r.email === 'buyer@example.com')!;
    expect(bought).toMatchObject({ planType: 'Professional', subscriptionStatus: 'canceled', amountPaid: 19 });
    const activePaid = list.records.filter((r) => r.subscriptionStatus === 'active').reduce((n, r) => n + r.amountPaid, 0);
    expect(list.summary.mrr).toBe(activePaid);
    await expectStatus(h.caller(target).billing.adminList(), 403, MSG.forbidden);

    // Back to free removes the staff row.
    await h.caller(adminUser).billing.setPlan({ userId: target.id, plan: 'free' });
    expect(await planOf(target.id)).toBe('free');

    expect((await h.app.request('/api/admin/billing/export')).status).toBe(401);
    const userCookie = cookieFrom(
      await h.app.request('/api/auth/signup', jsonRequest('POST', { name: 'Una', email: 'una@example.com', password: 'correct horse battery' })),
    );
    expect((await h.app.request('/api/admin/billing/export', { headers: { cookie: userCookie } })).status).toBe(403);
    await h.insertUser({ email: 'sup@example.com', role: 'supervisor', password: 'correct horse battery' });
    const staffCookie = cookieFrom(
      await h.app.request('/api/auth/login', jsonRequest('POST', { email: 'sup@example.com', password: 'correct horse battery' })),
    );
    const csv = await h.app.request('/api/admin/billing/export', { headers: { cookie: staffCookie } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="billing-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect((await csv.text()).split('\r\n')[0]).toBe(BILLING_CSV_COLUMNS.join(','));
    const rest = await h.app.request('/api/admin/billing', { headers: { cookie: staffCookie } });
    expect(await rest.json()).toMatchObject({ summary: { mrr: list.summary.mrr } });
  });

  it('the CSV has the spec’s columns and a dated name; samples only while there are no subscriptions', async () => {
    const empty = await createHarness();
    const admin = await empty.insertUser({ email: 'root@example.com' });
    const list = await empty.caller(admin).billing.adminList();
    expect(list.records).toHaveLength(3);
    expect(list.records.every((r) => r.sample)).toBe(true);
    const { billingCsv } = await import('../../../src/server/billing/records');
    const out = await billingCsv(h.db, new Date('2026-11-23T10:00:00Z'));
    expect(out.filename).toBe('billing-2026-11-23.csv');
    const [header, ...rows] = out.csv.trim().split('\r\n');
    expect(header).toBe(BILLING_CSV_COLUMNS.join(','));
    expect(rows.some((r) => r.startsWith('Bea Buyer,buyer@example.com,Professional,canceled,19.00,monthly,'))).toBe(true);
  });
});

describe('an unconfigured server', () => {
  it('takes no payments and says so; no event changes a plan', async () => {
    const plain = await createHarness();
    await plain.insertUser({ email: 'a@example.com' });
    const user = await plain.insertUser({ email: 'u@example.com' });
    expect(await plain.caller(user).billing.subscription()).toMatchObject({ paymentsEnabled: false });
    await expectStatus(plain.caller(user).billing.checkout({ plan: 'basic' }), 412, BILLING_MSG.paymentsNotConfigured);
    const e = stripe.signedEvent('customer.subscription.updated', { id: 'sub_x', object: 'subscription', metadata: { userId: user.id } });
    const res = await plain.app.request('/webhooks/stripe', { method: 'POST', headers: { 'stripe-signature': e.signature }, body: e.body });
    expect(res.status).toBe(404);
  });
});
