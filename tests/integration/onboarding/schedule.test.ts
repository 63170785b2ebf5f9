// Sending the onboarding sequence through the queue, and unsubscribing from it. The harness clock
// moves time; the delivery worker runs the real job handlers against the outbox.
// @postgres
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { onboardingDeliveries, outbox, users } from '../../../db/schema';
import { harnessWithAdmin } from '../../helpers/app';
import { expectStatus } from '../workflow/factories';
import { enqueueOnboardingBatch, runOnboardingBatch } from '../../../src/server/onboarding/schedule';
import { startJobWorker } from '../../../src/server/jobs/worker';
import { jobHandlers } from '../../../src/server/job-handlers';
import { ONBOARDING_JOB } from '../../../src/server/onboarding/kinds';
import { PRODUCT_UNSUB_MSG } from '../../../src/server/onboarding/unsubscribe';

const DAY = 86_400_000;

async function setup() {
  let clock = new Date('2026-11-02T09:00:00Z');
  const h = await harnessWithAdmin({ deps: { now: () => clock } });
  const admin = h.caller(h.admin);
  const day0 = await admin.onboarding.create({ dayOffset: 0, subject: 'Welcome aboard', markdown: 'Hello', enabled: true });
  const day2 = await admin.onboarding.create({ dayOffset: 2, subject: 'Pick your channels', markdown: 'Channels', enabled: true });
  const mails = async (to?: string) => (await h.db.select().from(outbox)).filter((m) => !to || m.toAddress === to).map((m) => m.subject);
  return { ...h, day0, day2, mails, advance: (ms: number) => (clock = new Date(clock.getTime() + ms)), now: () => clock };
}

/** Runs the queued batch through a real worker until nothing is due. */
async function runQueued(h: Awaited<ReturnType<typeof setup>>) {
  const worker = startJobWorker(h.deps, h.deps.queue, jobHandlers, { pollMs: 10, leaseMs: 5_000 });
  await worker.idle();
  await worker.stop();
}

describe('onboarding schedule', () => {
  it('the queued batch sends day 0 to a new account once (twice run: one mail)', async () => {
    const h = await setup();
    h.advance(60_000);
    const ann = await h.insertUser({ email: 'ann@example.com' });
    expect(await enqueueOnboardingBatch(h.deps)).toBe(true);
    // One unfinished job at a time: a second enqueue while it waits is refused.
    expect(await enqueueOnboardingBatch(h.deps)).toBe(false);
    expect(await h.deps.queue.jobsOf(ONBOARDING_JOB)).toEqual([{ id: expect.any(String), status: 'queued' }]);
    await runQueued(h);
    expect(await enqueueOnboardingBatch(h.deps)).toBe(true);
    await runQueued(h);
    expect(await h.mails('ann@example.com')).toEqual(['Welcome aboard']);
    const [mail] = await h.db.select().from(outbox).where(eq(outbox.toAddress, 'ann@example.com')).limit(1);
    expect(mail!.headers!['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/api\/onboarding\/unsubscribe\/[\w-]+\.[\w-]+>$/);
    expect(mail!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.html).toContain('Hello');
    expect(await h.db.select().from(onboardingDeliveries).where(eq(onboardingDeliveries.userId, ann.id))).toEqual([
      expect.objectContaining({ emailId: h.day0.id, status: 'sent' }),
    ]);
    expect((await h.deps.queue.jobsOf(ONBOARDING_JOB)).map((j) => j.status)).toEqual(['done', 'done']);
  });

  it('sends day 2 only after two days, and skips disabled, unsubscribed and disabled steps', async () => {
    const h = await setup();
    h.advance(60_000);
    await h.insertUser({ email: 'ann@example.com' });
    const bob = await h.insertUser({ email: 'bob@example.com' });
    const cat = await h.insertUser({ email: 'cat@example.com' });
    await h.db.update(users).set({ disabledAt: h.now() }).where(eq(users.id, bob.id));
    await h.db.update(users).set({ onboardingUnsubscribedAt: h.now() }).where(eq(users.id, cat.id));

    await runOnboardingBatch(h.deps);
    h.advance(2 * DAY - 2 * 60_000);
    await runOnboardingBatch(h.deps);
    expect(await h.mails('ann@example.com')).toEqual(['Welcome aboard']);
    h.advance(2 * 60_000);
    await runOnboardingBatch(h.deps);
    expect(await h.mails('ann@example.com')).toEqual(['Welcome aboard', 'Pick your channels']);
    expect(await h.mails('bob@example.com')).toEqual([]);
    expect(await h.mails('cat@example.com')).toEqual([]);

    // A disabled step is not sent.
    const dan = await h.insertUser({ email: 'dan@example.com' });
    await h.caller(h.admin).onboarding.update({ id: h.day0.id, dayOffset: 0, subject: 'Welcome aboard', markdown: 'Hello', enabled: false });
    await runOnboardingBatch(h.deps);
    expect(await h.mails('dan@example.com')).toEqual([]);
    expect(await h.db.select().from(onboardingDeliveries).where(eq(onboardingDeliveries.userId, dan.id))).toEqual([]);
  });

  it('does not flood accounts older than a step, nor mail a step more than 7 days late', async () => {
    const h = await setup();
    // Made before the steps existed (ten days earlier): day 0 and day 2 were due before the steps.
    await h.insertUser({ email: 'old@example.com', createdAt: new Date(h.now().getTime() - 10 * DAY) });
    h.advance(60_000);
    await runOnboardingBatch(h.deps);
    expect(await h.mails('old@example.com')).toEqual([]);
    // A step added now whose due time for that account is still ahead is sent when due.
    await h.caller(h.admin).onboarding.create({ dayOffset: 12, subject: 'Day twelve', markdown: 'x', enabled: true });
    h.advance(2 * DAY);
    await runOnboardingBatch(h.deps);
    expect(await h.mails('old@example.com')).toEqual(['Day twelve']);

    // A server stopped for 8 days does not send the welcome 8 days late; day 2 (6 days late) still goes.
    h.advance(60_000);
    await h.insertUser({ email: 'late@example.com' });
    h.advance(8 * DAY);
    await runOnboardingBatch(h.deps);
    expect(await h.mails('late@example.com')).toEqual(['Pick your channels']);
  });

  it('the unsubscribe link: GET only shows the page, POST unsubscribes once, forged tokens refused', async () => {
    const h = await setup();
    h.advance(60_000);
    const ann = await h.insertUser({ email: 'ann@example.com' });
    await runOnboardingBatch(h.deps);
    const [annMail] = await h.db.select().from(outbox).where(eq(outbox.toAddress, 'ann@example.com')).limit(1);
    const header = annMail!.headers!['List-Unsubscribe']!;
    const url = new URL(header.slice(1, -1));
    const token = url.pathname.split('/').pop()!;

    const get = await h.app.request(url.pathname);
    expect(get.status).toBe(302);
    expect(get.headers.get('location')).toBe(`/unsubscribe-product?list=onboarding&token=${encodeURIComponent(token)}`);
    const annRow = async () => (await h.db.select().from(users).where(eq(users.id, ann.id)))[0]!;
    expect((await annRow()).onboardingUnsubscribedAt).toBeNull();

    const info = await h.caller('anon').onboarding.unsubscribeInfo({ list: 'onboarding', token });
    expect(info).toEqual({ list: 'onboarding', email: 'an•@example.com', unsubscribed: false });

    // The mail client's one-click POST (RFC 8058): no Origin header, form body.
    const oneClick = () =>
      h.app.request(url.pathname, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    expect((await oneClick()).status).toBe(200);
    expect((await annRow()).onboardingUnsubscribedAt).toEqual(h.now());
    // Used again (the page's form): a clear "already" answer, nothing changes.
    const again = await h.app.request(url.pathname, { method: 'POST', headers: { origin: 'http://localhost:3000' } });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toContain('&done=already');
    expect((await h.caller('anon').onboarding.unsubscribeInfo({ list: 'onboarding', token })).unsubscribed).toBe(true);

    // Day 2 never comes.
    h.advance(3 * DAY);
    await runOnboardingBatch(h.deps);
    expect(await h.mails('ann@example.com')).toEqual(['Welcome aboard']);

    // Forged, altered, or another list's token.
    const forged = `${Buffer.from(ann.id).toString('base64url')}.AAAAAAAAAAAAAAAAAAAAAA`;
    const res = await h.app.request(`/api/onboarding/unsubscribe/${forged}`, {
      method: 'POST',
      body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }),
    });
    expect(res.status).toBe(400);
    const page = await h.app.request(`/api/onboarding/unsubscribe/${forged}`, { method: 'POST' });
    expect(page.headers.get('location')).not.toContain('done=');
    await expectStatus(h.caller('anon').onboarding.unsubscribeInfo({ list: 'onboarding', token: forged }), 404, PRODUCT_UNSUB_MSG.invalid);
    await expectStatus(h.caller('anon').onboarding.unsubscribeInfo({ list: 'news', token }), 404);
    await expectStatus(h.caller('anon').onboarding.unsubscribeInfo({ list: 'onboarding', token: '' }), 400);
    // A cross-site form post is refused by the CSRF check.
    const cross = await h.app.request(url.pathname, { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(cross.status).toBe(403);
  });
});
