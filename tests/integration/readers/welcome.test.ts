// The welcome mail and its sequence: scheduled once by a reader's confirmation, sent by the queue's worker
// through the creator's chain, the sequence on its days (fake clock) and never after the reader left;
// the settings are the owner's alone and refuse bad input; the Markdown goes through the one sanitiser.
// @postgres
import { describe, it, expect, afterEach } from 'vitest';
import crypto from 'node:crypto';
import { and, asc, eq, like } from 'drizzle-orm';
import { harnessWithAdmin, type Harness } from '../../helpers/app';
import { outbox, readerEvents, subscribers, suppressions } from '../../../db/schema';
import { ensureSlug } from '../../../src/server/readers/pages/slug';
import { unsubscribe, unsubscribeToken } from '../../../src/server/readers/unsubscribe';
import { startJobWorker, type JobWorker } from '../../../src/server/jobs/worker';
import { jobHandlers } from '../../../src/server/job-handlers';
import { scheduleWelcome, welcomeJobKey } from '../../../src/server/readers/welcome';
import { tx } from '../../../src/server/db';
import { WELCOME_MSG, type WelcomeSaveInput } from '../../../src/shared/schemas/welcome';
import { MAX_SEQUENCE_STEPS } from '../../../src/shared/schemas/readers';
import { expectStatus } from '../workflow/factories';

const DAY = 24 * 3_600_000;
const workers: JobWorker[] = [];
afterEach(async () => {
  while (workers.length) await workers.pop()!.stop();
});

// pg-boss compares a job's start with the database's clock, so each scene starts at the real time and a
// test brings a later step's job forward (reschedule) after moving the fake clock past its day.
async function setup() {
  const clock = { now: new Date() };
  const h = await harnessWithAdmin({ deps: { now: () => clock.now } });
  const user = await h.insertUser({ email: 'owner@example.com', planType: 'basic' });
  const api = h.caller(user);
  const pub = await api.publications.create({ name: 'Field Notes' });
  const slug = await ensureSlug(h.db, pub.id);
  const worker = startJobWorker(h.deps, h.deps.queue, jobHandlers, { pollMs: 20, leaseMs: 5_000 });
  workers.push(worker);
  const run = async () => {
    worker.kick();
    await worker.idle();
  };
  const welcome = (o: Partial<WelcomeSaveInput> = {}) =>
    api.welcome.save({ publicationId: pub.id, enabled: true, subject: 'Welcome aboard', markdown: 'Glad you are here, **reader**.', sequence: [], ...o });
  const join = async (email: string) => {
    const anon = h.caller('anon');
    await anon.subscribers.signup({ slug, email });
    const mails = await mailTo(h, email);
    // The newest confirmation mail: other mails may share its timestamp under the fake clock.
    const links = mails.map((m) => /\/confirm\?token=([A-Za-z0-9_-]+)/.exec(m.text)?.[1]).filter((t) => t !== undefined);
    const token = links.at(-1)!;
    return { token, confirm: () => anon.subscribers.confirm({ slug, token }) };
  };
  return { h, clock, user, api, pub, slug, run, welcome, join };
}

async function mailTo(h: Harness, email: string) {
  return (await h.db.select().from(outbox).where(eq(outbox.toAddress, email))).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

const welcomesTo = async (h: Harness, email: string) => (await mailTo(h, email)).filter((m) => !/confirm/i.test(m.subject));

async function subscriberOf(h: Harness, email: string) {
  const [sub] = await h.db.select().from(subscribers).where(eq(subscribers.email, email));
  return sub!;
}

const welcomeEvents = async (h: Harness, subscriberId: string) =>
  (
    await h.db
      .select()
      .from(readerEvents)
      .where(and(eq(readerEvents.subscriberId, subscriberId), eq(readerEvents.kind, 'welcome')))
      .orderBy(asc(readerEvents.id))
  ).map((e) => e.detail);

describe('welcome mail', () => {
  it('is sent once when a reader confirms: not on a second click, not when they leave and confirm again', async () => {
    const s = await setup();
    await s.welcome();
    const rea = await s.join('rea@example.com');
    expect((await rea.confirm()).status).toBe('confirmed');
    // The confirmation only queued it: the page never waits on a provider.
    expect(await welcomesTo(s.h, 'rea@example.com')).toHaveLength(0);
    await s.run();
    const [mail, ...more] = await welcomesTo(s.h, 'rea@example.com');
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ subject: 'Welcome aboard', fromAddress: expect.stringContaining('Field Notes') });
    expect(mail!.html).toContain('Glad you are here, <strong>reader</strong>.');
    const sub = await subscriberOf(s.h, 'rea@example.com');
    // The reader's own unsubscribe link, in the body and the one-click headers.
    const link = /(http:\/\/[^\s]+\/u\/[A-Za-z0-9._-]+)/.exec(mail!.text)![1]!;
    expect(mail!.headers!['List-Unsubscribe']).toContain(`<${link}>`);
    expect(mail!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.html).toContain(link);

    expect((await rea.confirm()).status).toBe('already');
    await s.run();
    expect(await welcomesTo(s.h, 'rea@example.com')).toHaveLength(1);

    await unsubscribe(s.h.deps, link.split('/u/')[1]!, 'one-click');
    expect((await subscriberOf(s.h, 'rea@example.com')).status).toBe('unsubscribed');
    const again = await s.join('rea@example.com');
    expect((await again.confirm()).status).toBe('confirmed');
    await s.run();
    expect(await welcomesTo(s.h, 'rea@example.com')).toHaveLength(1);
    expect(await welcomeEvents(s.h, sub.id)).toEqual([{ step: 0 }]);
  });

  it('is not sent when it is off, nor to readers added by hand', async () => {
    const s = await setup();
    await s.welcome({ enabled: false });
    const rea = await s.join('rea@example.com');
    await rea.confirm();
    await s.api.subscribers.add({ publicationId: s.pub.id, email: 'hand@example.com' });
    await s.welcome({ enabled: true });
    await s.api.subscribers.add({ publicationId: s.pub.id, email: 'hand-2@example.com' });
    await s.run();
    expect(await welcomesTo(s.h, 'rea@example.com')).toHaveLength(0);
    expect(await mailTo(s.h, 'hand@example.com')).toHaveLength(0);
    expect(await mailTo(s.h, 'hand-2@example.com')).toHaveLength(0);
    expect(await welcomeEvents(s.h, (await subscriberOf(s.h, 'rea@example.com')).id)).toEqual([]);
  });

  it('schedules once when confirmations race', async () => {
    const s = await setup();
    await s.welcome({ sequence: [{ dayOffset: 2, subject: 'Day two', markdown: 'More.' }] });
    const rea = await s.join('rea@example.com');
    const answers = await Promise.all(Array.from({ length: 5 }, () => rea.confirm()));
    expect(answers.filter((a) => a.status === 'confirmed')).toHaveLength(1);
    const sub = await subscriberOf(s.h, 'rea@example.com');
    // The guard itself, several transactions at once for one reader.
    await Promise.all(Array.from({ length: 4 }, () => tx(s.h.db, (t) => scheduleWelcome(s.h.deps, t, s.pub, sub, sub.confirmedAt!))));
    await s.run();
    expect(await welcomeEvents(s.h, sub.id)).toEqual([{ step: 0 }]);
    expect(await welcomesTo(s.h, 'rea@example.com')).toHaveLength(1);
  });

  it('sends the sequence on its days and stops when the reader leaves; a suppressed address is never mailed', async () => {
    const s = await setup();
    await s.welcome({
      sequence: [
        { dayOffset: 3, subject: 'Day three', markdown: 'The third day.' },
        { dayOffset: 1, subject: 'Day one', markdown: 'The first day.' },
      ],
    });
    const start = s.clock.now.getTime();
    for (const email of ['stays@example.com', 'leaves@example.com', 'blocked@example.com', 'returns@example.com']) await (await s.join(email)).confirm();
    await s.run();
    const subjects = async (email: string) => (await welcomesTo(s.h, email)).map((m) => m.subject);
    expect(await subjects('stays@example.com')).toEqual(['Welcome aboard']);
    const [stays, leaves, blocked, returns] = await Promise.all(
      ['stays@example.com', 'leaves@example.com', 'blocked@example.com', 'returns@example.com'].map((e) => subscriberOf(s.h, e)),
    );
    // Suppressed (by another publication's bounce, say) while still active here.
    await s.h.db
      .insert(suppressions)
      .values({ id: crypto.randomUUID(), userId: s.user.id, email: 'blocked@example.com', reason: 'manual', source: 'test', createdAt: s.clock.now });

    // A step brought forward before its day waits for it.
    s.clock.now = new Date(start + DAY - 60_000);
    expect(await s.h.deps.queue.reschedule(welcomeJobKey(stays!.id, 1), new Date())).toBe(true);
    await s.run();
    expect(await subjects('stays@example.com')).toEqual(['Welcome aboard']);

    s.clock.now = new Date(start + DAY + 60_000);
    for (const sub of [stays!, leaves!, blocked!, returns!]) await s.h.deps.queue.reschedule(welcomeJobKey(sub.id, 1), new Date());
    await s.run();
    expect(await subjects('stays@example.com')).toEqual(['Welcome aboard', 'Day one']);
    expect(await subjects('leaves@example.com')).toEqual(['Welcome aboard', 'Day one']);
    expect(await subjects('blocked@example.com')).toEqual(['Welcome aboard']);
    const dayOne = (await welcomesTo(s.h, 'stays@example.com'))[1]!;
    expect(dayOne.headers!['List-Unsubscribe']).toContain('/u/');

    await unsubscribe(s.h.deps, unsubscribeToken(s.h.env.APP_SECRET, leaves!.id, ''), 'page');
    // Leaving stops the sequence for good: joining and confirming again does not resume or restart it.
    await unsubscribe(s.h.deps, unsubscribeToken(s.h.env.APP_SECRET, returns!.id, ''), 'page');
    await (await s.join('returns@example.com')).confirm();
    s.clock.now = new Date(start + 3 * DAY + 60_000);
    for (const sub of [stays!, leaves!, blocked!, returns!]) await s.h.deps.queue.reschedule(welcomeJobKey(sub.id, 2), new Date());
    await s.run();
    expect(await subjects('stays@example.com')).toEqual(['Welcome aboard', 'Day one', 'Day three']);
    expect(await subjects('leaves@example.com')).toEqual(['Welcome aboard', 'Day one']);
    expect(await subjects('blocked@example.com')).toEqual(['Welcome aboard']);
    expect(await subjects('returns@example.com')).toEqual(['Welcome aboard', 'Day one']);
    expect(await welcomeEvents(s.h, stays!.id)).toEqual([{ step: 0 }, { step: 1 }, { step: 2 }]);
  });

  it('sanitises the Markdown in the preview and in the mail', async () => {
    const s = await setup();
    const markdown = 'Hi **there**.\n\n<script>alert(1)</script>\n\n<img src="https://example.com/a.png" onerror="alert(2)">\n\n[click](javascript:alert(3))';
    const preview = await s.api.welcome.preview({ publicationId: s.pub.id, subject: 'Hello', markdown });
    await s.welcome({ markdown });
    await (await s.join('rea@example.com')).confirm();
    await s.run();
    const [mail] = await welcomesTo(s.h, 'rea@example.com');
    for (const html of [preview.html, mail!.html!]) {
      expect(html).toContain('Hi <strong>there</strong>.');
      expect(html).toContain('<img alt="" src="https://example.com/a.png" />');
      expect(html).not.toMatch(/<script|alert\(|onerror|javascript:/i);
    }
  });

  it('refuses bad settings with clear messages and keeps what was saved', async () => {
    const s = await setup();
    await s.welcome();
    const base = { publicationId: s.pub.id, enabled: true, subject: 'Welcome', markdown: 'Hello', sequence: [] };
    await expectStatus(s.api.welcome.save({ ...base, subject: '  ' }), 400, new RegExp(WELCOME_MSG.subjectRequired));
    await expectStatus(s.api.welcome.save({ ...base, markdown: ' ' }), 400, new RegExp(WELCOME_MSG.bodyRequired));
    const step = (i: number) => ({ dayOffset: i + 1, subject: `Step ${i + 1}`, markdown: 'More.' });
    await expectStatus(
      s.api.welcome.save({ ...base, sequence: Array.from({ length: MAX_SEQUENCE_STEPS + 1 }, (_, i) => step(i)) }),
      400,
      new RegExp(WELCOME_MSG.tooManySteps),
    );
    await expectStatus(s.api.welcome.save({ ...base, sequence: [step(0), step(0)] }), 400, new RegExp(WELCOME_MSG.sameDay));
    await expectStatus(s.api.welcome.save({ ...base, subject: 'Two\r\nBcc: x@example.com' }), 400, new RegExp(WELCOME_MSG.subjectLine));
    await expectStatus(s.api.welcome.save({ ...base, sequence: [{ ...step(0), subject: '' }] }), 400, /Give the mail a subject/);
    // Off, an empty mail may be kept as a draft.
    expect(await s.api.welcome.save({ ...base, enabled: false, subject: '', markdown: '' })).toMatchObject({ enabled: false });
    const ten = await s.api.welcome.save({ ...base, sequence: Array.from({ length: MAX_SEQUENCE_STEPS }, (_, i) => step(MAX_SEQUENCE_STEPS - 1 - i)) });
    expect(ten.sequence.map((x) => x.dayOffset)).toEqual(Array.from({ length: MAX_SEQUENCE_STEPS }, (_, i) => i + 1));
    expect(await s.api.welcome.get({ publicationId: s.pub.id })).toMatchObject({ enabled: true, subject: 'Welcome', markdown: 'Hello' });
  });

  it("is the owner's alone", async () => {
    const s = await setup();
    await s.welcome({ subject: 'Owner only' });
    const other = s.h.caller(await s.h.insertUser({ email: 'other@example.com', planType: 'business' }));
    const ref = { publicationId: s.pub.id };
    await expectStatus(other.welcome.get(ref), 404);
    await expectStatus(other.welcome.save({ ...ref, enabled: true, subject: 'Taken', markdown: 'x', sequence: [] }), 404);
    await expectStatus(other.welcome.preview({ ...ref, subject: 'x', markdown: 'x' }), 404);
    await expectStatus(s.h.caller('anon').welcome.get(ref), 401);
    expect(await s.api.welcome.get(ref)).toMatchObject({ subject: 'Owner only' });
    const stored = await s.h.db.select().from(outbox).where(like(outbox.subject, '%Taken%'));
    expect(stored).toHaveLength(0);
  });
});
