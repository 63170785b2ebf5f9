// @postgres
import { describe, it, expect, afterEach } from 'vitest';
import { eq } from 'drizzle-orm';
import { issueSends, newsletters, recurringRuns, recurringSchedules, sendRecipients } from '../../../db/schema';
import { createDeps } from '../../../src/server/deps';
import { enqueueDueRuns } from '../../../src/server/recurring/tick';
import { deadlineJobKey } from '../../../src/server/recurring/kinds';
import { RECURRING_MSG } from '../../../src/shared/schemas/recurring';
import { silentLog } from '../../helpers/app';
import { buildChannel, expectStatus } from '../workflow/factories';
import { scene, stories, type Scene } from './support';

/** The secret of the approval link in a creator's mail. */
function approvalToken(text: string): string {
  const link = /(http:\/\/localhost:3000\/recurring\/approve\?token=[^\s"]+)/.exec(text)![1]!;
  return decodeURIComponent(new URL(link).searchParams.get('token')!);
}

const open: Scene[] = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

// Sunday 2026-03-01 12:00 in Berlin (11:00 UTC); the schedule is Mondays 08:00 Berlin (07:00 UTC).
const SUNDAY = new Date('2026-03-01T11:00:00Z');
const MONDAY_0805 = new Date('2026-03-02T07:05:00Z');
const WEEK = 7 * 24 * 3_600_000;

async function setUp(o: Parameters<typeof scene>[1] = {}) {
  const s = await scene(SUNDAY, o);
  open.push(s);
  return s;
}

const runsOf = (s: Scene) => s.h.db.select().from(recurringRuns).where(eq(recurringRuns.publicationId, s.pubId)).orderBy(recurringRuns.createdAt);
const sentUrls = async (s: Scene) =>
  (await s.h.db.select().from(issueSends).where(eq(issueSends.publicationId, s.pubId))).flatMap((x) => x.articles.map((a) => a.url));

describe('recurring issues: one issue per period', () => {
  it('a weekly schedule makes exactly one issue per period, across ticks, a restart and a second process', async () => {
    const s = await setUp();
    s.setItems('/feed.xml', stories('w1', 5));
    const saved = (await s.schedule()) as { nextRunAt: string };
    expect(saved.nextRunAt).toBe('2026-03-02T07:00:00.000Z');

    expect(await enqueueDueRuns(s.h.deps)).toBe(0);
    s.clock.now = MONDAY_0805;
    // The same period seen by this process twice, by a restarted one and by two at once.
    const restarted = createDeps(s.h.env, s.h.db, { log: silentLog, now: () => s.clock.now, queue: s.h.deps.queue });
    const made = [
      await enqueueDueRuns(s.h.deps),
      await enqueueDueRuns(restarted),
      ...(await Promise.all([enqueueDueRuns(s.h.deps), enqueueDueRuns(restarted)])),
    ];
    expect(made.reduce((a, b) => a + b, 0)).toBe(1);
    s.worker.kick();
    await s.worker.idle();
    let runs = await runsOf(s);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'sent', period: '2026-03-02T07:00:00.000Z' });
    const sends = await s.h.db.select().from(issueSends).where(eq(issueSends.publicationId, s.pubId));
    expect(sends).toHaveLength(1);
    expect(sends[0]!.articles).toHaveLength(3);
    // The run's saved newsletter is the send's, and reads as sent in /newsletters.
    expect(sends[0]!.newsletterId).toBe(runs[0]!.newsletterId);
    expect((await s.h.db.select({ status: newsletters.status }).from(newsletters).where(eq(newsletters.id, runs[0]!.newsletterId!)))[0]!.status).toBe('sent');
    expect((await s.h.db.select().from(sendRecipients).where(eq(sendRecipients.sendId, sends[0]!.id))).map((r) => r.status)).toEqual(['sent', 'sent']);

    // Even when the period's run row is gone from the schedule's memory (nextRunAt set back), the unique period holds.
    await s.h.db.update(recurringSchedules).set({ nextRunAt: new Date('2026-03-02T07:00:00Z') });
    expect(await enqueueDueRuns(restarted)).toBe(0);

    // Next Monday: the next period, one more issue.
    s.clock.now = new Date(MONDAY_0805.getTime() + WEEK);
    s.setItems('/feed.xml', [...stories('w1', 5), ...stories('w2', 3)]);
    expect(await enqueueDueRuns(restarted)).toBe(1);
    expect(await enqueueDueRuns(s.h.deps)).toBe(0);
    s.worker.kick();
    await s.worker.idle();
    runs = await runsOf(s);
    expect(runs.map((r) => [r.period, r.status])).toEqual([
      ['2026-03-02T07:00:00.000Z', 'sent'],
      ['2026-03-09T07:00:00.000Z', 'sent'],
    ]);
  });

  it('"Run now" several times at once makes one run; the others are told a run is being prepared', async () => {
    const s = await setUp();
    s.setItems('/feed.xml', stories('a', 4));
    await s.schedule();
    const api = s.h.caller(s.user);
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => api.recurring.runNow({ publicationId: s.pubId })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) expect((r as PromiseRejectedResult).reason.message).toBe(RECURRING_MSG.runBusy);
    expect(await runsOf(s)).toHaveLength(1);
  });
});

describe('recurring issues: skipping and failing', () => {
  it('skips below the minimum of new stories, tells the creator why, and tries again next period', async () => {
    const s = await setUp();
    s.setItems('/feed.xml', stories('few', 2));
    await s.schedule({ minNewStories: 3 });
    s.clock.now = MONDAY_0805;
    await enqueueDueRuns(s.h.deps);
    s.worker.kick();
    await s.worker.idle();
    const [run] = await runsOf(s);
    expect(run).toMatchObject({ status: 'skipped', sendId: null });
    expect(run!.reason).toContain('Only 2 new stories since the last issue, fewer than the minimum of 3');
    const mail = await s.mailTo('creator@example.com');
    expect(mail.map((m) => m.subject)).toEqual(['No issue of Compiler Weekly this time']);
    expect(mail[0]!.text).toContain('fewer than the minimum of 3');
    expect(await s.h.db.select().from(issueSends)).toHaveLength(0);
    const [schedule] = await s.h.db.select().from(recurringSchedules);
    expect(schedule!.nextRunAt!.toISOString()).toBe('2026-03-09T07:00:00.000Z');
  });

  it("a schedule whose channels all fail is skipped with the reason; a channel removed from the creator's channels fails the run clearly", async () => {
    const s = await setUp();
    s.setItems('/feed.xml', stories('x', 3));
    s.feeds.route('/down.xml', (_q, res) => {
      res.writeHead(500);
      res.end('down');
    });
    const api = s.h.caller(s.user);
    await api.wizard.saveProgress({
      publicationId: s.pubId,
      currentStep: 3,
      workflowData: { selectedChannels: [buildChannel({ name: 'Down feed', url: s.feeds.url('/down.xml') })] },
    });
    await s.schedule({ channels: [{ name: 'Down feed', url: s.feeds.url('/down.xml'), niche: 'technology' }] });
    await api.recurring.runNow({ publicationId: s.pubId });
    await s.worker.idle();
    let [run] = await runsOf(s);
    expect(run!.status).toBe('skipped');
    expect(run!.reason).toMatch(/^None of the schedule's channels could be read \(.+\)\. The next period tries again\.$/);

    // A channel the schedule was saved with, dropped from the publication afterwards.
    const down = buildChannel({ name: 'Down feed', url: s.feeds.url('/down.xml') });
    const fixture = buildChannel({ name: s.channel.name, url: s.channel.url });
    await api.wizard.saveProgress({ publicationId: s.pubId, currentStep: 3, workflowData: { selectedChannels: [down, fixture] } });
    await s.schedule({ channels: [s.channel] });
    await api.wizard.saveProgress({ publicationId: s.pubId, currentStep: 3, workflowData: { selectedChannels: [down] } });
    await api.recurring.runNow({ publicationId: s.pubId });
    await s.worker.idle();
    run = (await runsOf(s))[1];
    expect(run).toMatchObject({
      status: 'failed',
      reason: `The channel “${s.channel.name}” is no longer among your channels. Choose the schedule's channels again on the Recurring page.`,
    });
    expect((await s.mailTo('creator@example.com')).map((m) => m.subject)).toEqual([
      'No issue of Compiler Weekly this time',
      'Your recurring issue could not be made',
    ]);
  });

  it('refuses at save a channel the creator does not have, naming it, and keeps the schedule as it was', async () => {
    const s = await setUp();
    await s.schedule();
    const elsewhere = { name: 'Someone Else’s Feed', url: 'https://elsewhere.example/feed.xml', niche: 'technology' };
    await expectStatus(s.schedule({ channels: [s.channel, elsewhere], storyCount: 5 }), 400, RECURRING_MSG.notYourChannel(elsewhere.name));
    const [kept] = await s.h.db.select().from(recurringSchedules).where(eq(recurringSchedules.publicationId, s.pubId));
    expect(kept!.channels.map((c) => c.url)).toEqual([s.channel.url]);
    expect(kept!.storyCount).toBe(3);
    // Once the publication no longer has it, its own channel is refused too.
    await s.h.caller(s.user).wizard.saveProgress({
      publicationId: s.pubId,
      currentStep: 3,
      workflowData: { selectedChannels: [buildChannel({ name: 'Other', url: s.feeds.url('/other.xml') })] },
    });
    await expectStatus(s.schedule({ channels: [s.channel] }), 400, RECURRING_MSG.notYourChannel(s.channel.name));
  });

  it('plans without recurring issues are refused on the server', async () => {
    const s = await setUp({ plan: 'free' });
    await expectStatus(s.schedule(), 403);
  });
});

/** An "ask me" schedule's run made by "Run now" over `n` new stories, and the approval mail it sent the creator. */
async function askedForApproval(s: Scene, prefix: string, n: number, o: Parameters<Scene['schedule']>[0] = {}) {
  s.setItems('/feed.xml', stories(prefix, n));
  await s.schedule({ mode: 'approve', ...o });
  const api = s.h.caller(s.user);
  await api.recurring.runNow({ publicationId: s.pubId });
  await s.worker.idle();
  const [run] = await runsOf(s);
  const [mail] = await s.mailTo('creator@example.com');
  return { api, run: run!, mail: mail!, token: approvalToken(mail!.text) };
}

describe('recurring issues: "prepare it and ask me"', () => {
  it('mails the creator the preview and sends only after approval; the token works once and only for its issue', async () => {
    const s = await setUp();
    const { run, mail, token } = await askedForApproval(s, 'ask', 4);
    expect(run.status).toBe('awaiting_approval');
    expect(await s.h.db.select().from(issueSends)).toHaveLength(0);
    expect(mail.subject).toBe(`Approve your issue: ${run.subject}`);
    expect(mail.html).toContain('ask story');
    expect(run.approveTokenHash).not.toContain(token.split('.')[1]!);

    const anon = s.h.caller('anon');
    // Another run's id with this secret, or the secret altered: refused, nothing sent.
    await expectStatus(anon.recurring.approve({ token: `00000000-0000-0000-0000-000000000000.${token.split('.')[1]}` }), 404);
    await expectStatus(anon.recurring.approve({ token: `${token}x` }), 404);
    await expectStatus(anon.recurring.pending({ token: `${token}x` }), 404);
    expect(await s.h.db.select().from(issueSends)).toHaveLength(0);
    // The link's page reads the issue as often as it is opened (a mail scanner, a reload) and sends nothing.
    for (let i = 0; i < 2; i++)
      expect(await anon.recurring.pending({ token })).toMatchObject({
        publicationName: 'Compiler Weekly',
        subject: run.subject,
        newsletterId: run.newsletterId,
      });
    expect(await s.h.db.select().from(issueSends)).toHaveLength(0);

    const approved = await anon.recurring.approve({ token });
    expect(approved).toMatchObject({ status: 'sent', publicationName: 'Compiler Weekly', subject: run!.subject });
    await s.worker.idle();
    const sends = await s.h.db.select().from(issueSends);
    expect(sends).toHaveLength(1);
    expect(sends[0]!.articles.map((a) => a.url)).toEqual(run!.articles.map((a) => a.url));
    expect((await s.mailTo('reader-0@example.com')).map((m) => m.subject)).toEqual([run!.subject]);
    // Single use: the same link again does nothing.
    await expectStatus(anon.recurring.approve({ token }), 404);
    await expectStatus(anon.recurring.pending({ token }), 404);
    await Promise.allSettled([anon.recurring.approve({ token }), anon.recurring.approve({ token })]);
    expect(await s.h.db.select().from(issueSends)).toHaveLength(1);
  });

  it('an issue nobody approved reads as expired once its link has, and the link refuses', async () => {
    const s = await setUp();
    const { api, token } = await askedForApproval(s, 'late', 4);
    expect((await api.recurring.get({ publicationId: s.pubId })).runs[0]!.status).toBe('awaiting_approval');

    s.clock.now = new Date(s.clock.now.getTime() + 8 * 24 * 3600_000);
    const [shown] = (await api.recurring.get({ publicationId: s.pubId })).runs;
    expect(shown).toMatchObject({ status: 'expired', reason: RECURRING_MSG.approvalExpired });
    await expectStatus(s.h.caller('anon').recurring.approve({ token }), 400);
    await expectStatus(s.h.caller('anon').recurring.pending({ token }), 400);
    expect(await s.h.db.select().from(issueSends)).toHaveLength(0);
  });

  it("lists the pre-send check's findings in the approval mail and history, and approval sends the saved newsletter as edited then", async () => {
    const s = await setUp();
    // The stories' links are not served by the loopback server: the check finds them broken.
    const { api, run, mail, token } = await askedForApproval(s, 'checked', 3);
    expect(run.status).toBe('awaiting_approval');
    expect(run.precheck!.links.broken).toBeGreaterThan(0);
    expect(mail.text).toContain('The pre-send check found');
    expect(mail.text).toContain(run.precheck!.findings.find((f) => f.id.startsWith('link-'))!.title);
    expect(mail.text).toContain(`/newsletters?edit=${run.newsletterId}`);
    const view = await api.recurring.get({ publicationId: s.pubId });
    expect(view.runs[0]!.findings).toBe(run.precheck!.findings.length);
    // The Approve link's page lists the same findings before the creator answers.
    const page = await s.h.caller('anon').recurring.pending({ token });
    expect(page.precheck!.findings.map((f) => f.id)).toEqual(run.precheck!.findings.map((f) => f.id));
    expect(page.stories.map((x) => x.url)).toEqual(run.articles.map((a) => a.url));

    // The creator edits the saved newsletter after the mail; approval sends the edit.
    const [saved] = await s.h.db.select().from(newsletters).where(eq(newsletters.id, run.newsletterId!));
    await s.h.db
      .update(newsletters)
      .set({ contentSources: { ...saved!.contentSources, intro: 'An intro the creator rewrote after the mail.' } })
      .where(eq(newsletters.id, run.newsletterId!));
    expect(await s.h.caller('anon').recurring.approve({ token })).toMatchObject({ status: 'sent' });
    await s.worker.idle();
    const [sent] = await s.mailTo('reader-0@example.com');
    expect(sent!.text).toContain('An intro the creator rewrote after the mail.');
    const [send] = await s.h.db.select().from(issueSends);
    expect(send!.precheck!.links.broken).toBeGreaterThan(0);
  });

  it('sends by itself at the deadline when nobody answered', async () => {
    // pg-boss compares a job's start with the database's clock, so this test starts at the real time
    // and brings the deadline job forward as the clock passes it.
    const s = await scene(new Date());
    open.push(s);
    const { run } = await askedForApproval(s, 'late', 3, { autoSendAfterHours: 24 });
    expect(run.status).toBe('awaiting_approval');
    expect(run.autoSendAt!.getTime()).toBe(run.updatedAt.getTime() + 24 * 3_600_000);
    s.worker.kick();
    await s.worker.idle();
    expect((await runsOf(s))[0]!.status).toBe('awaiting_approval');
    s.clock.now = new Date(run.autoSendAt!.getTime() + 60_000);
    expect(await s.h.deps.queue.reschedule(deadlineJobKey(run!.id), new Date())).toBe(true);
    s.worker.kick();
    await s.worker.idle();
    expect((await runsOf(s))[0]!.status).toBe('sent');
    expect(await s.h.db.select().from(issueSends)).toHaveLength(1);
  });
});

describe('recurring issues: the used-story memory', () => {
  it('keeps stories from repeating across 3 runs', async () => {
    const s = await setUp();
    s.setItems('/feed.xml', stories('m', 9));
    await s.schedule({ storyCount: 3, minNewStories: 3 });
    for (let week = 0; week < 3; week++) {
      s.clock.now = new Date(MONDAY_0805.getTime() + week * WEEK);
      expect(await enqueueDueRuns(s.h.deps)).toBe(1);
      s.worker.kick();
      await s.worker.idle();
    }
    const runs = await runsOf(s);
    expect(runs.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    const urls = await sentUrls(s);
    expect(urls).toHaveLength(9);
    expect(new Set(urls).size).toBe(9);
    // A fourth week with nothing new is skipped rather than repeating.
    s.clock.now = new Date(MONDAY_0805.getTime() + 3 * WEEK);
    await enqueueDueRuns(s.h.deps);
    s.worker.kick();
    await s.worker.idle();
    expect((await runsOf(s))[3]!.status).toBe('skipped');
  });
});
