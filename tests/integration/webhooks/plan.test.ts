// Webhooks follow the plan in force: an account that loses the plan that includes them (staff lower it,
// an admin is demoted, a trial ends, Stripe cancels: billing/stripe.test.ts) has its endpoints turned
// off and its queued deliveries failed, each with the reason its owner reads in Settings; no event is
// queued for it, and a delivery already queued is checked again when it is due. A loopback receiver
// shows that no reader's address reaches the endpoint after the plan went.
// @postgres
import { afterEach, describe, expect, it } from 'vitest';
import { startReceiver } from '../../helpers/webhook-receiver';
import { eq } from 'drizzle-orm';
import { harnessWithAdmin, type Harness } from '../../helpers/app';
import { expectStatus } from '../workflow/factories';
import { users, webhookDeliveries, webhookEndpoints } from '../../../db/schema';
import { startJobWorker } from '../../../src/server/jobs/worker';
import { jobHandlers } from '../../../src/server/job-handlers';
import { sweepExpired } from '../../../src/server/startup';
import { WEBHOOK_MSG } from '../../../src/server/webhooks/endpoints';
import { WEBHOOK_PLAN_MSG } from '../../../src/server/webhooks/plan';
import { TRIAL_DAYS } from '../../../src/shared/plans';
import type { SessionUser } from '../../../src/server/auth/service';

const HOUR = 3600_000;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const receiver = () => startReceiver(cleanups);

async function setup() {
  const r = await receiver();
  let clock = Date.now();
  const h = await harnessWithAdmin({ env: { FETCH_ALLOW_HOSTS: r.host }, deps: { now: () => new Date(clock) } });
  return {
    h,
    r,
    now: () => new Date(clock),
    advance: (ms: number) => (clock += ms),
    /** Runs every delivery due, as the server's worker does. */
    async deliver() {
      const worker = startJobWorker(h.deps, h.deps.queue, jobHandlers, { pollMs: 20, leaseMs: 5_000, concurrency: 4 });
      cleanups.push(() => worker.stop());
      worker.kick();
      await worker.idle();
    },
  };
}

/** An endpoint for subscriber.created and a publication whose new readers it is told of. */
async function hooked(h: Harness, user: SessionUser, url: string) {
  const api = h.caller(user);
  const endpoint = await api.webhooks.create({ url, events: ['subscriber.created'] });
  const pub = await api.publications.create({ name: 'Hook Notes' });
  const addReader = (email: string) => api.subscribers.add({ publicationId: pub.id, email });
  return { api, endpoint, addReader };
}

const endpointRow = async (h: Harness, id: string) => (await h.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0]!;
const deliveriesOf = (h: Harness, endpointId: string) => h.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));

describe('webhooks after a downgrade', () => {
  it('staff lower the plan: the endpoint is turned off and the queued delivery failed, each with the reason; nothing reaches the receiver', async () => {
    const { h, r, now, deliver } = await setup();
    const owner = await h.insertUser({ email: 'owner@example.com', planType: 'professional' });
    const { endpoint, addReader } = await hooked(h, owner, r.url);
    await addReader('ada@example.com');
    expect((await deliveriesOf(h, endpoint.id)).map((d) => d.status)).toEqual(['pending']);

    await h.caller(h.admin).billing.setPlan({ userId: owner.id, plan: 'basic', reason: 'Downgrade' });
    expect(await endpointRow(h, endpoint.id)).toMatchObject({ enabled: false, disabledReason: WEBHOOK_PLAN_MSG.endpointOff('basic', now()) });
    await deliver();
    expect(r.received).toEqual([]);
    // The owner's log says why (Settings shows the same list).
    const basic = { ...owner, planType: 'basic' as const };
    expect(await h.caller(basic).webhooks.deliveries({ id: endpoint.id })).toEqual([
      expect.objectContaining({ event: 'subscriber.created', status: 'failed', attempts: 0, responseExcerpt: WEBHOOK_PLAN_MSG.deliveryFailed('basic') }),
    ]);
    expect(await h.caller(basic).webhooks.list()).toEqual([
      expect.objectContaining({ enabled: false, disabledReason: WEBHOOK_PLAN_MSG.endpointOff('basic', now()) }),
    ]);
    // It stays off: turning it on needs the plan again.
    await expectStatus(h.caller(basic).webhooks.update({ id: endpoint.id, enabled: true }), 403, WEBHOOK_MSG.needsPlan);
  });

  it('an admin demoted to a plan without webhooks: the endpoints are turned off in the same change', async () => {
    const { h, r, now } = await setup();
    const other = await h.insertUser({ email: 'ops@example.com', role: 'admin' });
    const { endpoint } = await hooked(h, other, r.url);
    await h.caller(h.admin).admin.setRole({ userId: other.id, role: 'user' });
    expect(await endpointRow(h, endpoint.id)).toMatchObject({ enabled: false, disabledReason: WEBHOOK_PLAN_MSG.endpointOff('free', now()) });
  });

  it('a trial that ends: no event is queued, a queued delivery fails when due, and the hourly sweep turns endpoints off', async () => {
    const { h, r, now, advance, deliver } = await setup();
    const trial = async (email: string) => {
      const row = await h.insertUser({ email, createdAt: new Date(now().getTime() - TRIAL_DAYS * 24 * HOUR + HOUR) });
      await h.db.update(users).set({ trialPlan: 'professional' }).where(eq(users.id, row.id));
      return { ...row, trialPlan: 'professional' as const };
    };
    const reader = await trial('trial@example.com');
    const quiet = await trial('quiet@example.com');
    const { endpoint, addReader } = await hooked(h, reader, r.url);
    const { endpoint: quietEndpoint } = await hooked(h, quiet, r.url);
    await addReader('ada@example.com');

    advance(2 * HOUR);
    await addReader('grace@example.com');
    // Only the delivery queued during the trial exists, and it is not sent.
    expect(await deliveriesOf(h, endpoint.id)).toHaveLength(1);
    await deliver();
    expect(r.received).toEqual([]);
    expect(await deliveriesOf(h, endpoint.id)).toEqual([
      expect.objectContaining({ status: 'failed', attempts: 0, responseExcerpt: WEBHOOK_PLAN_MSG.deliveryFailed('free') }),
    ]);
    expect(await endpointRow(h, endpoint.id)).toMatchObject({ enabled: false, disabledReason: WEBHOOK_PLAN_MSG.endpointOff('free', now()) });

    // An account with no event since its trial ended: the sweep finds it; a paying account keeps its endpoint.
    const paying = await h.insertUser({ email: 'paying@example.com', planType: 'business' });
    const { endpoint: paid } = await hooked(h, paying, r.url);
    expect(await endpointRow(h, quietEndpoint.id)).toMatchObject({ enabled: true });
    await sweepExpired(h.deps);
    expect(await endpointRow(h, quietEndpoint.id)).toMatchObject({ enabled: false, disabledReason: WEBHOOK_PLAN_MSG.endpointOff('free', now()) });
    expect(await endpointRow(h, paid.id)).toMatchObject({ enabled: true, disabledReason: null });
  });

  it('an upgrade back: the owner turns the endpoint on and events are delivered again', async () => {
    const { h, r, deliver } = await setup();
    const owner = await h.insertUser({ email: 'owner@example.com', planType: 'professional' });
    const { endpoint, addReader } = await hooked(h, owner, r.url);
    await h.caller(h.admin).billing.setPlan({ userId: owner.id, plan: 'free', reason: '' });
    await h.caller(h.admin).billing.setPlan({ userId: owner.id, plan: 'professional', reason: 'Back' });
    await h.caller(owner).webhooks.update({ id: endpoint.id, enabled: true });
    await addReader('ada@example.com');
    await deliver();
    expect(r.received.map((b) => JSON.parse(b).data.subscriber.email)).toEqual(['ada@example.com']);
  });
});
