// @postgres
import { describe, it, expect, afterEach } from 'vitest';
import { eq } from 'drizzle-orm';
import { harnessWithAdmin, type Harness } from '../../helpers/app';
import { expectStatus } from '../workflow/factories';
import { newsletters, outbox, subscribers, issueSends, suppressions } from '../../../db/schema';
import { MSG } from '../../../src/shared/messages';
import { SEND_MSG } from '../../../src/server/delivery/sends';
import { startJobWorker, type JobWorker } from '../../../src/server/jobs/worker';
import { jobHandlers } from '../../../src/server/job-handlers';
import { addSubscribers, newId, readyPublication } from './send-support';

const workers: JobWorker[] = [];
/** Who the outbox holds mail for, sorted. */
const outboxAddresses = async (h: Harness) => (await h.db.select().from(outbox)).map((m) => m.toAddress).sort();
afterEach(async () => {
  while (workers.length) await workers.pop()!.stop();
});

/** How far ahead a test schedules a send on the real clock: room for the steps taken before it is due. */
const LEAD_MS = 2_000;

/** Waits until `at` has passed, then until the worker has run whatever became due. */
async function passTime(at: Date, worker: JobWorker) {
  while (Date.now() <= at.getTime()) await new Promise((r) => setTimeout(r, at.getTime() - Date.now() + 20));
  worker.kick();
  await worker.idle();
}

async function setup(o: { verified?: boolean } = {}) {
  const h = await harnessWithAdmin();
  const user = await h.insertUser({ email: 'writer@example.com', planType: 'free', verified: o.verified ?? true });
  const pub = await readyPublication(h, user);
  const worker = startJobWorker(h.deps, h.deps.queue, jobHandlers, { pollMs: 20, leaseMs: 5_000 });
  workers.push(worker);
  h.deps.delivery.kick = worker.kick;
  return { h, user, pub, api: h.caller(user), worker };
}

describe('sends.create: an issue to every active subscriber', () => {
  it('delivers one personalised message per active subscriber, with one-click unsubscribe headers and a plain-text part', async () => {
    const { h, pub, api, worker } = await setup();
    await addSubscribers(h, pub.id, 3);
    await addSubscribers(h, pub.id, 1, { status: 'unsubscribed', prefix: 'gone' });
    await addSubscribers(h, pub.id, 1, { status: 'pending', prefix: 'unconfirmed' });

    const created = await api.sends.create({ id: newId(), publicationId: pub.id });
    expect(created.status).toBe('sending');
    await worker.idle();

    const progress = await api.sends.progress({ id: created.id });
    expect(progress).toMatchObject({ status: 'sent', total: 3, sent: 3, failed: 0, remaining: 0 });
    const mails = await h.db.select().from(outbox);
    expect(mails.map((m) => m.toAddress).sort()).toEqual(['reader-0@example.com', 'reader-1@example.com', 'reader-2@example.com']);
    const first = mails.find((m) => m.toAddress === 'reader-1@example.com')!;
    expect(first.html).toContain('Hi Reader,');
    // The greeting follows the nameplate, as in the HTML.
    expect(first.text).toMatch(/^COMPILER WEEKLY\n.*\n=+\n\nHi Reader,\n/);
    expect(first.html).not.toContain('%%CURATED');
    expect(first.text).not.toContain('%%CURATED');
    expect(first.text).toContain('Unsubscribe: http://localhost:3000/u/');
    const headers = first.headers!;
    expect(headers['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/u\/[^>]+>, <mailto:unsubscribe@curated\.email\?subject=unsubscribe%20[^>]+>$/);
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(first.fromAddress).toBe('"Compiler Weekly" <newsletter@curated.email>');
    expect(headers['Reply-To']).toBe('writer@example.com');
    // Every message has its own, stable Message-ID and its own unsubscribe link.
    expect(new Set(mails.map((m) => m.messageId)).size).toBe(3);
    expect(new Set(mails.map((m) => m.headers!['List-Unsubscribe'])).size).toBe(3);
  });

  it('the one-click unsubscribe link works as a form POST without a session or origin, and the next issue skips the reader', async () => {
    const { h, pub, api, worker } = await setup();
    await addSubscribers(h, pub.id, 2);
    await api.sends.create({ id: newId(), publicationId: pub.id });
    await worker.idle();
    const mail = (await h.db.select().from(outbox).where(eq(outbox.toAddress, 'reader-0@example.com')))[0]!;
    const url = /<(http[^>]+)>/.exec(mail.headers!['List-Unsubscribe'])![1];
    const path = new URL(url).pathname;

    // A link scanner's GET changes nothing.
    const get = await h.app.request(path);
    expect(get.status).toBe(302);
    expect((await h.db.select().from(subscribers).where(eq(subscribers.email, 'reader-0@example.com')))[0]!.status).toBe('active');

    const post = await h.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net', 'sec-fetch-site': 'cross-site' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(post.status).toBe(200);
    const row = (await h.db.select().from(subscribers).where(eq(subscribers.email, 'reader-0@example.com')))[0]!;
    expect(row.status).toBe('unsubscribed');
    expect(row.unsubscribedAt).toBeInstanceOf(Date);

    // Again: idempotent.
    expect(
      (await h.app.request(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' }))
        .status,
    ).toBe(200);

    await h.db.delete(outbox);
    await api.sends.create({ id: newId(), publicationId: pub.id });
    await worker.idle();
    expect(await outboxAddresses(h)).toEqual(['reader-1@example.com']);
  });

  it('refuses a forged or altered unsubscribe token', async () => {
    const { h, pub, api, worker } = await setup();
    await addSubscribers(h, pub.id, 1);
    await api.sends.create({ id: newId(), publicationId: pub.id });
    await worker.idle();
    const mail = (await h.db.select().from(outbox).limit(1))[0]!;
    const path = new URL(/<(http[^>]+)>/.exec(mail.headers!['List-Unsubscribe'])![1]).pathname;
    const tampered = path.slice(0, -2) + (path.endsWith('AA') ? 'BB' : 'AA');
    const res = await h.app.request(tampered, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(400);
    expect((await h.db.select().from(subscribers).limit(1))[0]!.status).toBe('active');
    await expectStatus(h.caller('anon').sends.unsubscribeInfo({ token: tampered.slice(3) }), 400);
  });

  it('skips addresses on the suppression list and readers who left after the snapshot', async () => {
    const { h, user, pub, api, worker } = await setup();
    await addSubscribers(h, pub.id, 3);
    await h.db
      .insert(suppressions)
      .values({ id: 's1', userId: user.id, email: 'reader-2@example.com', reason: 'hard_bounce', source: 'postmark', createdAt: new Date() });
    const created = await api.sends.create({ id: newId(), publicationId: pub.id });
    await worker.idle();
    expect(await outboxAddresses(h)).toEqual(['reader-0@example.com', 'reader-1@example.com']);
    expect((await api.sends.progress({ id: created.id })).total).toBe(2);
  });

  it('is idempotent by client id: a double click sends once; another user cannot reuse the id', async () => {
    const { h, pub, api, worker } = await setup();
    await addSubscribers(h, pub.id, 2);
    const id = newId();
    const [a, b] = await Promise.all([api.sends.create({ id, publicationId: pub.id }), api.sends.create({ id, publicationId: pub.id })]);
    expect(a.id).toBe(b.id);
    await worker.idle();
    expect(await h.db.select().from(outbox)).toHaveLength(2);
    const other = await h.insertUser({ email: 'other@example.com', verified: true });
    const otherPub = await readyPublication(h, other, 'Other');
    await expectStatus(h.caller(other).sends.create({ id, publicationId: otherPub.id }), 409);
  });

  // On the real clock: on Postgres the job engine times a job by the database's clock, which a test cannot
  // move. What "nothing leaves before the time" means is read from the stored times, not from how fast
  // this machine runs.
  it('schedules for later: nothing leaves before the time, recipients are taken when it starts, and a scheduled send can be canceled', async () => {
    const { h, pub, api, worker } = await setup();
    const at = new Date(Date.now() + LEAD_MS);
    const scheduled = await api.sends.create({ id: newId(), publicationId: pub.id, scheduledAt: at.toISOString() });
    expect(scheduled.status).toBe('scheduled');
    await addSubscribers(h, pub.id, 2);
    await worker.idle();
    await passTime(at, worker);
    const mails = await h.db.select().from(outbox);
    expect(mails).toHaveLength(2);
    for (const m of mails) expect(m.createdAt.getTime()).toBeGreaterThanOrEqual(at.getTime());
    expect((await h.db.select().from(issueSends).where(eq(issueSends.id, scheduled.id)))[0]!.startedAt!.getTime()).toBeGreaterThanOrEqual(at.getTime());

    const laterAt = new Date(Date.now() + LEAD_MS);
    const later = await api.sends.create({ id: newId(), publicationId: pub.id, scheduledAt: laterAt.toISOString() });
    expect((await api.sends.cancel({ id: later.id })).status).toBe('canceled');
    await passTime(laterAt, worker);
    expect(await h.db.select().from(outbox)).toHaveLength(2);
  });

  it("the issue's saved newsletter follows its send: Ready while scheduled, Draft again if canceled, Sent once it goes", async () => {
    const { h, pub, api, worker } = await setup();
    await addSubscribers(h, pub.id, 2);
    const save = (title: string) =>
      api.drafts.saveIssue({
        publicationId: pub.id,
        title,
        subject: title,
        content: 'text',
        htmlContent: '<p>html</p>',
        contentSources: { channels: [], articles: [], theme: 'market-watch' },
      });
    const statusOf = async (id: string) => (await h.db.select({ s: newsletters.status }).from(newsletters).where(eq(newsletters.id, id)))[0]!.s;

    const first = await save('Issue 1');
    const later = await api.sends.create({ id: newId(), publicationId: pub.id, scheduledAt: new Date(Date.now() + 60 * 60_000).toISOString() });
    expect(await statusOf(first.id)).toBe('ready');
    await api.sends.cancel({ id: later.id });
    expect(await statusOf(first.id)).toBe('draft');

    // The next save is a new issue's newsletter; sending it now marks it Sent when delivery starts.
    const second = await save('Issue 2');
    expect(second.id).not.toBe(first.id);
    await api.sends.create({ id: newId(), publicationId: pub.id });
    await worker.idle();
    expect(await statusOf(second.id)).toBe('sent');
    expect(await statusOf(first.id)).toBe('draft');
    expect((await api.drafts.list({})).map((n) => [n.title, n.status])).toEqual(
      expect.arrayContaining([
        ['Issue 2', 'sent'],
        ['Issue 1', 'draft'],
      ]),
    );
  });

  it('bad input and permissions: 401, 403 unverified, 404 foreign publication, 400 no subscribers or past schedule', async () => {
    const { h, pub, api } = await setup();
    await expectStatus(h.caller('anon').sends.create({ id: newId(), publicationId: pub.id }), 401);
    await expectStatus(api.sends.create({ id: newId(), publicationId: pub.id }), 400, SEND_MSG.noSubscribers);
    await addSubscribers(h, pub.id, 1);
    await expectStatus(
      api.sends.create({ id: newId(), publicationId: pub.id, scheduledAt: new Date(Date.now() - 1000).toISOString() }),
      400,
      SEND_MSG.scheduleInPast,
    );
    await expectStatus(api.sends.create({ id: 'x', publicationId: pub.id }), 400);
    const stranger = await h.insertUser({ email: 'stranger@example.com', verified: true });
    await expectStatus(h.caller(stranger).sends.create({ id: newId(), publicationId: pub.id }), 404);
    await expectStatus(h.caller(stranger).sends.list({ publicationId: pub.id }), 404);
    const unverified = await h.insertUser({ email: 'new@example.com', verified: false });
    const theirs = await readyPublication(h, unverified, 'Theirs');
    await expectStatus(h.caller(unverified).sends.create({ id: newId(), publicationId: theirs.id }), 403, MSG.verifyEmailToSend);
  });
});

describe('provider outage', () => {
  it('keeps every recipient pending, shows the error and retries the job later when no provider takes the batch', async () => {
    const net = await import('node:net');
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as import('node:net').AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const h = await harnessWithAdmin({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    const user = await h.insertUser({ email: 'writer@example.com', verified: true });
    const pub = await readyPublication(h, user);
    await addSubscribers(h, pub.id, 3);
    const worker = startJobWorker(h.deps, h.deps.queue, jobHandlers, { pollMs: 20, leaseMs: 5_000 });
    workers.push(worker);
    const api = h.caller(user);
    const created = await api.sends.create({ id: newId(), publicationId: pub.id });
    worker.kick();
    await worker.idle();
    const progress = await api.sends.progress({ id: created.id });
    expect(progress).toMatchObject({ status: 'sending', sent: 0, failed: 0, remaining: 3 });
    expect(progress.lastError).toMatch(/SMTP/);
    expect((await h.deps.queue.counts()).queued).toBe(1);
    expect(await h.deps.queue.hasDue(['issue.send'])).toBe(false);
    // Stopped first: a polling worker could claim the job as soon as it is due, and a claimed job is not due.
    await worker.stop();
    // 'Retry now' brings the job forward.
    expect((await api.sends.retry({ id: created.id })).status).toBe('sending');
    expect(await h.deps.queue.hasDue(['issue.send'])).toBe(true);
  });
});

describe('web archive', () => {
  it('each sent issue has a public page without per-reader parts, listed in the publication RSS feed', async () => {
    const { h, pub, api, worker } = await setup();
    await addSubscribers(h, pub.id, 1);
    const created = await api.sends.create({ id: newId(), publicationId: pub.id });
    await worker.idle();
    const send = (await h.db.select().from(issueSends).where(eq(issueSends.id, created.id)))[0]!;
    const archive = await h.caller('anon').sends.archive({ slug: 'compiler-weekly' });
    expect(archive.name).toBe('Compiler Weekly');
    expect(archive.entries).toEqual([
      { id: send.id, subject: send.subject, sentAt: send.startedAt!.toISOString(), url: `/p/compiler-weekly/issues/${send.id}` },
    ]);

    const page = await h.app.request(`/p/compiler-weekly/issues/${send.id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Borrow checking without tears');
    expect(html).not.toContain('Hi Reader');
    expect(html).not.toContain('%%CURATED');

    const feed = await h.app.request('/p/compiler-weekly/feed.xml');
    expect(feed.headers.get('content-type')).toContain('application/rss+xml');
    const xml = await feed.text();
    expect(xml).toContain(`<link>http://localhost:3000/p/compiler-weekly/issues/${send.id}</link>`);
    expect(xml).toContain(`<title>${send.subject.replace(/&/g, '&amp;')}</title>`);

    // The emailed copy links to the same public page.
    expect((await h.db.select().from(outbox).limit(1))[0]!.text).toContain(`View in your browser: http://localhost:3000/p/compiler-weekly/issues/${send.id}`);
    expect((await h.app.request('/p/compiler-weekly/issues/not-a-send')).status).toBe(404);
    expect((await h.app.request('/p/no-such-slug/feed.xml')).status).toBe(404);
  });

  it('a scheduled or canceled issue is not public', async () => {
    const { h, pub, api } = await setup();
    const s = await api.sends.create({ id: newId(), publicationId: pub.id, scheduledAt: new Date(Date.now() + 3_600_000).toISOString() });
    const res = await h.app.request(`/p/compiler-weekly/issues/${s.id}`);
    expect(res.status).toBe(404);
  });
});
