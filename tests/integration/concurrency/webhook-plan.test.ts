// A downgrade while readers join: an event queued before the change is failed by it, one whose plan check
// read the old plan but was written after the change is failed when due (the delivery checks again), one
// after it is not queued. Whichever way they meet, the receiver gets nothing once the plan went.
// @postgres
import { afterEach, describe, expect, it } from 'vitest';
import { startReceiver } from '../../helpers/webhook-receiver';
import { eq } from 'drizzle-orm';
import { webhookDeliveries, webhookEndpoints } from '../../../db/schema';
import { harnessWithAdmin } from '../../helpers/app';
import { startJobWorker } from '../../../src/server/jobs/worker';
import { jobHandlers } from '../../../src/server/job-handlers';
import { WEBHOOK_PLAN_MSG } from '../../../src/server/webhooks/plan';
import { together } from './support';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const receiver = () => startReceiver(cleanups);

describe('a downgrade at the moment of events', () => {
  // Five rounds: a single meeting may happen not to interleave.
  it('readers join while staff lower the plan: nothing is delivered, every delivery made fails with the reason', async () => {
    const r = await receiver();
    for (let round = 0; round < 5; round++) {
      const h = await harnessWithAdmin({ env: { FETCH_ALLOW_HOSTS: r.host } });
      const owner = await h.insertUser({ email: `owner${round}@example.com`, planType: 'professional' });
      const api = h.caller(owner);
      const endpoint = await api.webhooks.create({ url: r.url, events: ['subscriber.created'] });
      const pub = await api.publications.create({ name: 'Hook Notes' });
      const { ok } = await together<unknown>([
        ...[0, 1, 2].map((i) => api.subscribers.add({ publicationId: pub.id, email: `early${i}@example.com` })),
        h.caller(h.admin).billing.setPlan({ userId: owner.id, plan: 'basic', reason: 'Downgrade' }),
        ...[0, 1, 2].map((i) => api.subscribers.add({ publicationId: pub.id, email: `late${i}@example.com` })),
      ]);
      expect(ok).toHaveLength(7);
      const worker = startJobWorker(h.deps, h.deps.queue, jobHandlers, { pollMs: 20, leaseMs: 5_000, concurrency: 4 });
      worker.kick();
      await worker.idle();
      await worker.stop();
      expect(r.received).toEqual([]);
      const made = await h.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
      expect(made.map((d) => [d.status, d.responseExcerpt])).toEqual(made.map(() => ['failed', WEBHOOK_PLAN_MSG.deliveryFailed('basic')]));
      expect((await h.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id)))[0]).toMatchObject({ enabled: false });
    }
  });
});
