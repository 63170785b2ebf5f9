// Subject tests: the test groups are drawn as asked and each gets its subject, the rest waits, and when
// the wait ends the subject with the most human-likely opens goes to the rest; every reader gets one
// message. Plans without subject tests, and tests the send could not measure, are refused.
// @postgres
import { describe, it, expect, afterEach } from 'vitest';
import { eq } from 'drizzle-orm';
import { harnessWithAdmin } from '../../helpers/app';
import { startCountingSmtp, type CountingSmtp } from '../../helpers/counting-smtp';
import { expectStatus } from '../workflow/factories';
import { issueSends, publications, sendRecipients } from '../../../db/schema';
import { sendJobKey } from '../../../src/server/delivery/sends';
import { SUBJECT_TEST_MSG, confidenceAhead, pickWinner } from '../../../src/server/delivery/subject-test';
import { groupSize } from '../../../src/shared/subject-tests';
import { startJobWorker, type JobWorker } from '../../../src/server/jobs/worker';
import { jobHandlers } from '../../../src/server/job-handlers';
import { addSubscribers, newId, readyPublication, seedOpens } from './send-support';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const SUBJECTS = ['Compiler Weekly: borrow checking', 'Why SSA form won', 'Two ideas every compiler uses'];
const HOUR = 60 * 60 * 1000;

async function setup(o: { plan?: 'business' | 'enterprise' | 'professional'; smtp?: CountingSmtp } = {}) {
  let clock = Date.now();
  const h = await harnessWithAdmin({ env: o.smtp ? { SMTP_URL: o.smtp.url } : {}, deps: { now: () => new Date(clock) } });
  const user = await h.insertUser({ email: 'writer@example.com', planType: o.plan ?? 'business', verified: true });
  const pub = await readyPublication(h, user);
  const worker: JobWorker = startJobWorker(h.deps, h.deps.queue, jobHandlers, { pollMs: 20, leaseMs: 5_000 });
  cleanups.push(() => worker.stop());
  h.deps.delivery.kick = worker.kick;
  return {
    h,
    user,
    pub,
    api: h.caller(user),
    worker,
    /** Moves the product's clock on; the queue is told the wait is over (on Postgres its clock is the database's). */
    async advance(ms: number, sendId: string) {
      clock += ms;
      await h.deps.queue.reschedule(sendJobKey(sendId), new Date());
      worker.kick();
      await worker.idle();
    },
  };
}

describe('subject tests: groups, the wait, the winner', () => {
  it(
    '1,000 readers, 20 % test on two subjects: groups of 100, each reader one message, the rest gets the winner by human-likely opens',
    { timeout: 60_000 },
    async () => {
      const smtp = await startCountingSmtp();
      cleanups.push(smtp.close);
      const { h, pub, api, worker, advance } = await setup({ smtp });
      const readers = await addSubscribers(h, pub.id, 1_000);
      const subjects = SUBJECTS.slice(0, 2);

      const created = await api.sends.create({ id: newId(), publicationId: pub.id, subjectTest: { subjects, sharePercent: 20, waitHours: 1, rule: 'opens' } });
      expect(created.test).toMatchObject({ subjects, sharePercent: 20, waitHours: 1, rule: 'opens', phase: 'testing', winner: null });
      await worker.idle();

      // The groups are drawn as asked: 20 % of 1,000 split in two; the other 800 wait.
      const rows = await h.db
        .select({ email: sendRecipients.email, variant: sendRecipients.variant, status: sendRecipients.status })
        .from(sendRecipients)
        .where(eq(sendRecipients.sendId, created.id));
      const byVariant = (v: number | null) => rows.filter((r) => (r.variant === null ? null : Number(r.variant)) === v);
      expect(byVariant(0)).toHaveLength(100);
      expect(byVariant(1)).toHaveLength(100);
      expect(byVariant(null)).toHaveLength(800);
      expect(byVariant(null).every((r) => r.status === 'held')).toBe(true);
      expect(smtp.accepted()).toBe(200);
      for (const v of [0, 1]) for (const r of byVariant(v)) expect(smtp.subjectsOf.get(r.email)).toEqual([subjects[v]]);

      const waiting = await api.sends.progress({ id: created.id });
      expect(waiting).toMatchObject({ status: 'sending', sent: 200, remaining: 800 });
      expect(waiting.test).toMatchObject({ phase: 'waiting', groupSize: 100, winner: null });
      expect(new Date(waiting.test!.testEndsAt!).getTime() - Date.now()).toBeGreaterThan(HOUR - 60_000);

      // Readers of the second subject open more; machine opens (Apple's proxy) of the first do not count.
      await seedOpens(h.db, created.id, 0, 12);
      await seedOpens(h.db, created.id, 0, 100, { machine: true });
      await seedOpens(h.db, created.id, 1, 40);

      // Before the wait ends nothing more goes out, even if the job runs early.
      await advance(30 * 60_000, created.id);
      expect(smtp.accepted()).toBe(200);
      expect((await api.sends.progress({ id: created.id })).test!.phase).toBe('waiting');

      await advance(31 * 60_000, created.id);
      const done = await api.sends.progress({ id: created.id });
      expect(done).toMatchObject({ status: 'sent', sent: 1_000, remaining: 0, subject: subjects[1] });
      expect(done.test).toMatchObject({ phase: 'done', winner: { variant: 1, subject: subjects[1], withinNoise: false, early: false } });
      expect(done.test!.winner!.confidence).toBeGreaterThan(0.99);

      // Every reader exactly one message; the rest got the winner's subject.
      expect(smtp.accepted()).toBe(1_000);
      expect(smtp.subjectsOf.size).toBe(1_000);
      const group = new Map(rows.map((r) => [r.email, r.variant === null ? null : Number(r.variant)]));
      for (const r of readers) {
        const got = smtp.subjectsOf.get(r.email)!;
        expect(got).toHaveLength(1);
        const v = group.get(r.email);
        expect(got[0]).toBe(v === null || v === undefined ? subjects[1] : subjects[v]);
      }
      const [row] = await h.db.select().from(issueSends).where(eq(issueSends.id, created.id));
      expect(row!.subject).toBe(subjects[1]);

      // /analytics shows each subject's figures with the winner.
      const stats = await api.analytics.issue({ sendId: created.id });
      expect(stats.subjectTest).toMatchObject({
        rule: 'opens',
        winner: { variant: 1, withinNoise: false },
        variants: [
          { subject: subjects[0], recipients: 100, opens: 12 },
          { subject: subjects[1], recipients: 100, opens: 40 },
        ],
        rest: 800,
      });
    },
  );

  it('a small list makes a coin flip: the winner is said to be within noise; the creator may end the wait early', async () => {
    const { h, pub, api, worker } = await setup({ plan: 'enterprise' });
    await addSubscribers(h, pub.id, 12);
    const created = await api.sends.create({
      id: newId(),
      publicationId: pub.id,
      subjectTest: { subjects: SUBJECTS, sharePercent: 50, waitHours: 24, rule: 'opens' },
    });
    await worker.idle();
    const waiting = await api.sends.progress({ id: created.id });
    // 50 % of 12 over three subjects: groups of 2, six readers wait.
    expect(waiting.test).toMatchObject({ phase: 'waiting', groupSize: 2 });
    expect(waiting).toMatchObject({ sent: 6, remaining: 6 });
    await seedOpens(h.db, created.id, 2, 1);

    await api.sends.pickWinner({ id: created.id });
    await worker.idle();
    const done = await api.sends.progress({ id: created.id });
    expect(done).toMatchObject({ status: 'sent', sent: 12 });
    expect(done.test!.winner).toMatchObject({ variant: 2, withinNoise: true, early: true });
    expect(done.test!.winner!.confidence).toBeLessThan(0.95);
    await expectStatus(api.sends.pickWinner({ id: created.id }), 409, SUBJECT_TEST_MSG.decided);
  });

  it('refuses plans without subject tests, rules the send cannot measure, repeated subjects, and an early winner before the groups are sent', async () => {
    const pro = await setup({ plan: 'professional' });
    await addSubscribers(pro.h, pro.pub.id, 5);
    const test = { subjects: SUBJECTS.slice(0, 2), sharePercent: 20, waitHours: 4, rule: 'opens' as const };
    await expectStatus(pro.api.sends.create({ id: newId(), publicationId: pro.pub.id, subjectTest: test }), 403, SUBJECT_TEST_MSG.needsPlan);

    const { h, pub, api } = await setup();
    await addSubscribers(h, pub.id, 5);
    await h.db.update(publications).set({ trackOpens: false }).where(eq(publications.id, pub.id));
    await expectStatus(api.sends.create({ id: newId(), publicationId: pub.id, subjectTest: test }), 400, SUBJECT_TEST_MSG.needsOpens);
    await h.db.update(publications).set({ trackClicks: false }).where(eq(publications.id, pub.id));
    await expectStatus(api.sends.create({ id: newId(), publicationId: pub.id, subjectTest: { ...test, rule: 'clicks' } }), 400, SUBJECT_TEST_MSG.needsClicks);
    await expectStatus(
      api.sends.create({ id: newId(), publicationId: pub.id, subjectTest: { ...test, subjects: ['Same  line', 'same line'] } }),
      400,
      SUBJECT_TEST_MSG.distinct,
    );
    await expectStatus(api.sends.create({ id: newId(), publicationId: pub.id, subjectTest: { ...test, waitHours: 25 } }), 400, /Wait 1 to 24 hours/);

    await h.db.update(publications).set({ trackOpens: true }).where(eq(publications.id, pub.id));
    const later = await api.sends.create({ id: newId(), publicationId: pub.id, scheduledAt: new Date(Date.now() + HOUR).toISOString(), subjectTest: test });
    await expectStatus(api.sends.pickWinner({ id: later.id }), 409, SUBJECT_TEST_MSG.stillTesting);
    const plain = await api.sends.create({ id: newId(), publicationId: pub.id, scheduledAt: new Date(Date.now() + HOUR).toISOString() });
    await expectStatus(api.sends.pickWinner({ id: plain.id }), 400, SUBJECT_TEST_MSG.notATest);
  });
});

describe('subject tests: the arithmetic', () => {
  it('group sizes: the share split evenly, at least one reader each, never more than the list', () => {
    expect(groupSize(1_000, { subjects: ['a', 'b'], sharePercent: 20 })).toBe(100);
    expect(groupSize(1_000, { subjects: ['a', 'b', 'c'], sharePercent: 10 })).toBe(33);
    expect(groupSize(3, { subjects: ['a', 'b'], sharePercent: 10 })).toBe(1);
    expect(groupSize(1, { subjects: ['a', 'b'], sharePercent: 50 })).toBe(0);
    expect(groupSize(0, { subjects: ['a', 'b'], sharePercent: 50 })).toBe(0);
  });

  it('confidence: a tie is 0.5, 40 vs 12 opens of 100 is near certain, 1 vs 0 of 2 is noise', () => {
    expect(confidenceAhead({ n: 100, k: 10 }, { n: 100, k: 10 })).toBe(0.5);
    expect(confidenceAhead({ n: 100, k: 40 }, { n: 100, k: 12 })).toBeGreaterThan(0.999);
    expect(confidenceAhead({ n: 2, k: 1 }, { n: 2, k: 0 })).toBeLessThan(0.95);
    // 25 % vs 20 % of 1,000 each: z ≈ 2.68, one-sided ≈ 0.996.
    expect(confidenceAhead({ n: 1_000, k: 250 }, { n: 1_000, k: 200 })).toBeCloseTo(0.9963, 3);
  });

  it('the winner is the best rate by the rule; a tie keeps the first subject', () => {
    const at = new Date();
    const results = [
      { variant: 0, subject: 'a', recipients: 100, opens: 10, clicks: 9 },
      { variant: 1, subject: 'b', recipients: 100, opens: 30, clicks: 2 },
    ];
    expect(pickWinner(results, 'opens', at, false).variant).toBe(1);
    expect(pickWinner(results, 'clicks', at, false).variant).toBe(0);
    expect(
      pickWinner(
        results.map((r) => ({ ...r, opens: 5 })),
        'opens',
        at,
        false,
      ),
    ).toMatchObject({ variant: 0, confidence: 0.5, withinNoise: true });
  });
});
