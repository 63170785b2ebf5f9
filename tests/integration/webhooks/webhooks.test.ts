// Outgoing webhooks against loopback receivers: who may add an endpoint and which addresses are refused;
// events of readers, sends and clicks reach the endpoints that chose them, signed so that the Standard
// Webhooks reference library (`standardwebhooks`) verifies them; a failing endpoint is retried on the
// schedule (fake clock) and, after a day, turned off with a mail to its owner; a hanging endpoint or a
// redirect never holds up other deliveries; the log, resend and the test event.
// @postgres
import { describe, it, expect, afterEach } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { harnessWithAdmin, type Harness } from '../../helpers/app';
import { expectStatus } from '../workflow/factories';
import { outbox, sendRecipients, webhookDeliveries, webhookEndpoints } from '../../../db/schema';
import { clickToken } from '../../../src/server/tracking/tokens';
import { startJobWorker, type JobWorker } from '../../../src/server/jobs/worker';
import { jobHandlers, webhookJobHandlers } from '../../../src/server/job-handlers';
import { MAX_WEBHOOK_ENDPOINTS, WEBHOOK_MSG } from '../../../src/server/webhooks/endpoints';
import { RETRY_SCHEDULE_MS } from '../../../src/server/webhooks/deliver';
import type { SessionUser } from '../../../src/server/auth/service';
import { newId, readyPublication, addSubscribers } from '../delivery/send-support';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

type Reply = (req: http.IncomingMessage, res: http.ServerResponse) => void;

async function receiver(reply: Reply = (_req, res) => res.end('ok')) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      reply(req, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  cleanups.push(close);
  return { url: `http://127.0.0.1:${port}/hooks`, host: `127.0.0.1:${port}`, received };
}

const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function setup(hosts: string[], o: { plan?: 'professional' | 'basic'; timeoutMs?: number } = {}) {
  let clock = Date.now();
  const h = await harnessWithAdmin({
    env: { FETCH_ALLOW_HOSTS: hosts.join(','), WEBHOOK_TIMEOUT_MS: String(o.timeoutMs ?? 2_000) },
    deps: { now: () => new Date(clock) },
  });
  const user = await h.insertUser({ email: 'owner@example.com', planType: o.plan ?? 'professional', verified: true });
  const worker: JobWorker = startJobWorker(h.deps, h.deps.queue, jobHandlers, { pollMs: 20, leaseMs: 5_000, concurrency: 4 });
  cleanups.push(() => worker.stop());
  h.deps.delivery.kick = worker.kick;
  return {
    h,
    user,
    api: h.caller(user),
    worker,
    async settle() {
      // Readers' clicks are written (and their link.clicked queued) in batches behind the redirect.
      await h.deps.tracking.flush();
      worker.kick();
      await worker.idle();
    },
    /** Moves the clock on and runs what became due (on Postgres the queue's clock is the database's). */
    async advance(ms: number, deliveryId: string) {
      clock += ms;
      await h.deps.queue.reschedule(`webhook:${deliveryId}`, new Date());
      worker.kick();
      await worker.idle();
    },
  };
}

const deliveriesOf = (h: Harness, endpointId: string) => h.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));

describe('webhook endpoints', () => {
  it('Professional and up; only public http(s) addresses; the secret is a Standard Webhooks one', async () => {
    const r = await receiver();
    const { h, api } = await setup([r.host]);
    const basic = await h.insertUser({ email: 'basic@example.com', planType: 'basic' });
    await expectStatus(h.caller(basic).webhooks.create({ url: r.url, events: ['subscriber.created'] }), 403, WEBHOOK_MSG.needsPlan);
    for (const url of ['http://10.0.0.8/hooks', 'http://localhost:9/hooks', 'http://[::1]/x', 'http://169.254.169.254/latest'])
      await expectStatus(api.webhooks.create({ url, events: ['subscriber.created'] }), 400, WEBHOOK_MSG.privateUrl);
    for (const url of ['ftp://example.com/x', 'not a url', 'https://user:pw@example.com/x'])
      await expectStatus(api.webhooks.create({ url, events: ['subscriber.created'] }), 400);
    await expectStatus(api.webhooks.create({ url: r.url, events: [] }), 400);

    const made = await api.webhooks.create({ url: r.url, description: 'CRM sync', events: ['subscriber.created', 'subscriber.created'] });
    expect(made).toMatchObject({ url: r.url, description: 'CRM sync', events: ['subscriber.created'], enabled: true });
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect((await api.webhooks.secret({ id: made.id })).secret).toBe(made.secret);
    const other = await h.insertUser({ email: 'other@example.com', planType: 'professional' });
    await expectStatus(h.caller(other).webhooks.secret({ id: made.id }), 404);
    await expectStatus(h.caller(other).webhooks.delete({ id: made.id }), 404);
  });
});

describe('the cap on endpoints', () => {
  it(`an account keeps ${MAX_WEBHOOK_ENDPOINTS}; two additions at once at the cap: exactly one is made`, async () => {
    const r = await receiver();
    const { h, api } = await setup([r.host]);
    for (let i = 0; i < MAX_WEBHOOK_ENDPOINTS - 1; i++) await api.webhooks.create({ url: `${r.url}/${i}`, events: ['send.completed'] });
    const results = await Promise.allSettled([
      api.webhooks.create({ url: `${r.url}/a`, events: ['send.completed'] }),
      api.webhooks.create({ url: `${r.url}/b`, events: ['send.completed'] }),
    ]);
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    expect(((results.find((x) => x.status === 'rejected') as PromiseRejectedResult).reason as Error).message).toBe(WEBHOOK_MSG.tooMany);
    expect(await h.db.select().from(webhookEndpoints)).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
  });
});

describe('deliveries', () => {
  async function subscribedEndpoint(
    events: Parameters<ReturnType<Harness['caller']>['webhooks']['create']>[0]['events'],
    reply?: Reply,
    o?: { timeoutMs?: number },
  ) {
    const r = await receiver(reply);
    const s = await setup([r.host], o);
    const endpoint = await s.api.webhooks.create({ url: r.url, events });
    return { ...s, r, endpoint };
  }

  it('reader and send events arrive signed; standardwebhooks verifies each; an event nobody chose is not sent', async () => {
    const { h, api, user, r, endpoint, settle } = await subscribedEndpoint(['subscriber.created', 'subscriber.unsubscribed', 'send.started', 'send.completed']);
    const pub = await readyPublication(h, user as SessionUser);
    const added = await api.subscribers.add({ publicationId: pub.id, email: 'ada@example.com', name: 'Ada' });
    await api.subscribers.update({ publicationId: pub.id, id: added.id, status: 'unsubscribed' });
    await addSubscribers(h, pub.id, 2);
    await api.sends.create({ id: newId(), publicationId: pub.id });
    await settle();

    const verifier = new Webhook(endpoint.secret);
    const events = r.received.map((m) => {
      const headers = {
        'webhook-id': String(m.headers['webhook-id']),
        'webhook-timestamp': String(m.headers['webhook-timestamp']),
        'webhook-signature': String(m.headers['webhook-signature']),
      };
      return verifier.verify(m.body, headers) as { type: string; data: Record<string, unknown> };
    });
    expect(events.map((e) => e.type).sort()).toEqual(['send.completed', 'send.started', 'subscriber.created', 'subscriber.unsubscribed']);
    expect(events.find((e) => e.type === 'subscriber.created')!.data).toMatchObject({
      publicationId: pub.id,
      subscriber: { email: 'ada@example.com', status: 'active' },
    });
    expect(events.find((e) => e.type === 'send.completed')!.data).toMatchObject({ recipients: 2, sent: 2 });
    // A tampered body does not verify.
    const first = r.received[0]!;
    expect(() =>
      verifier.verify(first.body.replace('"type"', '"typ"'), {
        'webhook-id': String(first.headers['webhook-id']),
        'webhook-timestamp': String(first.headers['webhook-timestamp']),
        'webhook-signature': String(first.headers['webhook-signature']),
      }),
    ).toThrow();
    const log = await api.webhooks.deliveries({ id: endpoint.id });
    expect(log.every((d) => d.status === 'delivered' && d.responseStatus === 200 && d.attempts === 1)).toBe(true);
  });

  it('a failing endpoint is retried on the schedule, then turned off after a day and its owner is told', async () => {
    const { h, api, r, endpoint, settle, advance } = await subscribedEndpoint(['subscriber.created'], (_req, res) => {
      res.statusCode = 500;
      res.end('{"error":"database down"}');
    });
    const test = await api.webhooks.test({ id: endpoint.id });
    await settle();
    let [row] = await deliveriesOf(h, endpoint.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500, responseExcerpt: '{"error":"database down"}' });
    for (const [i, wait] of RETRY_SCHEDULE_MS.entries()) {
      expect(row!.nextAttemptAt!.getTime() - row!.lastAttemptAt!.getTime()).toBe(wait);
      await advance(wait, test.id);
      [row] = await deliveriesOf(h, endpoint.id);
      expect(row!.attempts).toBe(i + 2);
    }
    expect(RETRY_SCHEDULE_MS.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(24 * 3600_000);
    expect(row).toMatchObject({ status: 'failed', nextAttemptAt: null });
    expect(r.received).toHaveLength(RETRY_SCHEDULE_MS.length + 1);
    const [listed] = await api.webhooks.list();
    expect(listed).toMatchObject({ enabled: false });
    expect(listed!.disabledReason).toMatch(/deliveries failed for a day \(last answer: HTTP 500\)/);
    const mails = await h.db.select().from(outbox).where(eq(outbox.toAddress, 'owner@example.com'));
    expect(mails.map((m) => m.subject)).toContain('A webhook endpoint was turned off');

    // Turned back on by its owner, it receives again.
    await api.webhooks.update({ id: endpoint.id, enabled: true });
    expect((await api.webhooks.list())[0]).toMatchObject({ enabled: true, disabledReason: null });
  });

  it('a hanging endpoint and a redirect to a private address never hold up another endpoint', { timeout: 20_000 }, async () => {
    const good = await receiver();
    const hang = await receiver(() => undefined);
    const redirect = await receiver((_req, res) => {
      res.writeHead(302, { Location: 'http://10.0.0.1/steal' });
      res.end();
    });
    const { api, h, user, worker } = await setup([good.host, hang.host, redirect.host], { timeoutMs: 3_000 });
    await worker.stop();
    // The server's own arrangement: deliveries on a worker of their own with room for several at once.
    const hooks = startJobWorker(h.deps, h.deps.queue, webhookJobHandlers, { pollMs: 20, leaseMs: 5_000, concurrency: 8 });
    cleanups.push(() => hooks.stop());
    h.deps.delivery.kick = hooks.kick;
    const slow = await api.webhooks.create({ url: hang.url, events: ['subscriber.created'] });
    const moved = await api.webhooks.create({ url: redirect.url, events: ['subscriber.created'] });
    const fine = await api.webhooks.create({ url: good.url, events: ['subscriber.created'] });
    const pub = await readyPublication(h, user as SessionUser);
    await api.subscribers.add({ publicationId: pub.id, email: 'grace@example.com' });
    hooks.kick();
    while (good.received.length === 0) await new Promise((r) => setTimeout(r, 20));
    expect(good.received).toHaveLength(1);
    // Held up, the good delivery would have waited for the hanging one's 3 s timeout: that attempt is still open.
    expect((await deliveriesOf(h, slow.id))[0]?.responseExcerpt ?? null).toBeNull();
    await hooks.idle();
    const [late] = await deliveriesOf(h, slow.id);
    expect(late).toMatchObject({ status: 'pending', attempts: 1, responseStatus: null, responseExcerpt: 'No answer within 3 s.' });
    const [bounced] = await deliveriesOf(h, moved.id);
    expect(bounced).toMatchObject({ status: 'pending', responseStatus: 302, responseExcerpt: 'Redirects are not followed (to http://10.0.0.1/steal).' });
    expect((await deliveriesOf(h, fine.id))[0]).toMatchObject({ status: 'delivered' });
  });

  it('a reader’s click on a link of an issue is link.clicked; a scanner’s click is not', async () => {
    const { h, api, user, r, endpoint, settle, advance } = await subscribedEndpoint(['link.clicked']);
    const pub = await readyPublication(h, user as SessionUser);
    await addSubscribers(h, pub.id, 1);
    const send = await api.sends.create({ id: newId(), publicationId: pub.id });
    await settle();
    const [recipient] = await h.db.select().from(sendRecipients).where(eq(sendRecipients.sendId, send.id));
    const path = `/t/c/${clickToken(h.env.APP_SECRET, { sendId: send.id, recipientId: recipient!.id, position: 0 })}`;
    // A scanner follows every link at once, without a browser's user agent.
    expect((await h.app.request(`http://localhost:3000${path}`, { headers: { 'user-agent': 'curl/8.0' } })).status).toBe(302);
    await advance(60_000, 'none');
    const res = await h.app.request(`http://localhost:3000${path}`, { headers: { 'user-agent': BROWSER_UA } });
    expect(res.status).toBe(302);
    await settle();
    expect(r.received).toHaveLength(1);
    const event = new Webhook(endpoint.secret).verify(r.received[0]!.body, {
      'webhook-id': String(r.received[0]!.headers['webhook-id']),
      'webhook-timestamp': String(r.received[0]!.headers['webhook-timestamp']),
      'webhook-signature': String(r.received[0]!.headers['webhook-signature']),
    });
    expect(event).toMatchObject({ type: 'link.clicked', data: { sendId: send.id, email: recipient!.email, url: res.headers.get('location'), position: 0 } });
  });

  it('the log lists deliveries; resend makes a new one; the test event goes whatever the endpoint chose', async () => {
    const { api, r, endpoint, settle } = await subscribedEndpoint(['link.clicked']);
    const test = await api.webhooks.test({ id: endpoint.id });
    await settle();
    expect(JSON.parse(r.received[0]!.body)).toMatchObject({ type: 'webhook.test', data: { endpointId: endpoint.id } });
    const again = await api.webhooks.resend({ id: test.id });
    expect(again.id).not.toBe(test.id);
    await settle();
    const log = await api.webhooks.deliveries({ id: endpoint.id });
    expect(log.map((d) => [d.event, d.status])).toEqual([
      ['webhook.test', 'delivered'],
      ['webhook.test', 'delivered'],
    ]);
    expect(r.received[1]!.body).toBe(r.received[0]!.body);
    expect(r.received[1]!.headers['webhook-id']).toBe(again.id);
  });
});
