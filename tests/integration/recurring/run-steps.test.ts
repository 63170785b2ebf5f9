// A recurring run's steps on their own: taking the run, checking its channels, picking its stories,
// saving its issue, and asking the creator's approval.
// @postgres
import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newsletters, publications, recurringRuns, recurringSchedules } from '../../../db/schema';
import { enqueueDueRuns } from '../../../src/server/recurring/tick';
import { deadlineJobKey } from '../../../src/server/recurring/kinds';
import { askApproval, channelProblem, claimRun, pickStories, RUN_MSG, saveRunIssue } from '../../../src/server/recurring/run';
import { normalizeWorkflowData } from '../../../src/server/publications/dto';
import { scene, stories, type Scene } from './support';

const SUNDAY = new Date('2026-03-01T11:00:00Z');
const MONDAY_0805 = new Date('2026-03-02T07:05:00Z');

const open: Scene[] = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

/** A scene whose Monday run is queued but not run (the worker is stopped). */
async function queuedRun(schedule: Parameters<Scene['schedule']>[0] = {}) {
  const s = await scene(SUNDAY);
  open.push(s);
  await s.worker.stop();
  s.setItems('/feed.xml', stories('w1', 5));
  await s.schedule(schedule);
  s.clock.now = MONDAY_0805;
  expect(await enqueueDueRuns(s.h.deps)).toBe(1);
  const [run] = await s.h.db.select().from(recurringRuns).where(eq(recurringRuns.publicationId, s.pubId));
  const [sched] = await s.h.db.select().from(recurringSchedules).where(eq(recurringSchedules.id, run!.scheduleId));
  const [pub] = await s.h.db.select().from(publications).where(eq(publications.id, s.pubId));
  return { s, run: run!, schedule: sched!, pub: pub!, wd: normalizeWorkflowData(pub!.workflowData, pub!) };
}

describe('claimRun', () => {
  it('marks a queued run running (an interrupted one again), and takes an ended one no more', async () => {
    const { s, run } = await queuedRun();
    expect(await claimRun(s.h.deps, run.id)).toMatchObject({ id: run.id, status: 'queued' });
    expect((await s.h.db.select().from(recurringRuns).where(eq(recurringRuns.id, run.id)))[0]!.status).toBe('running');
    expect(await claimRun(s.h.deps, run.id)).toMatchObject({ id: run.id, status: 'running' });
    await s.h.db.update(recurringRuns).set({ status: 'sent' }).where(eq(recurringRuns.id, run.id));
    expect(await claimRun(s.h.deps, run.id)).toBeNull();
    expect(await claimRun(s.h.deps, 'no-such-run')).toBeNull();
  });
});

describe('channelProblem', () => {
  it('none while the channels are known and a theme is chosen; else the reason', async () => {
    const { s, schedule, wd } = await queuedRun();
    expect(await channelProblem(s.h.deps, schedule, wd, s.user.id)).toBeNull();
    const gone = { ...schedule, channels: [...schedule.channels, { name: 'Removed', url: 'https://gone.example/feed', niche: 'technology' }] };
    expect(await channelProblem(s.h.deps, gone, wd, s.user.id)).toBe(RUN_MSG.channelGone('Removed'));
    expect(await channelProblem(s.h.deps, schedule, { ...wd, selectedTheme: '' }, s.user.id)).toBe(RUN_MSG.noTheme);
  });
});

describe('pickStories', () => {
  it("picks the schedule's count of new stories", async () => {
    const { s, run, schedule, wd } = await queuedRun();
    const picked = await pickStories(s.h.deps, run, schedule, wd, s.user);
    expect('picks' in picked && picked.picks.length).toBe(3);
  });

  it('skips with the reason when fewer new stories than the minimum remain, or every channel failed', async () => {
    const { s, run, schedule, wd } = await queuedRun();
    expect(await pickStories(s.h.deps, run, { ...schedule, minNewStories: 9 }, wd, s.user)).toEqual({ skip: RUN_MSG.tooFew(5, 9) });
    s.feeds.route('/broken.xml', (_q, res) => {
      res.writeHead(500);
      res.end();
    });
    const broken = { ...schedule, channels: [{ name: 'Broken', url: s.feeds.url('/broken.xml'), niche: 'technology' }] };
    const skipped = await pickStories(s.h.deps, run, broken, wd, s.user);
    expect('skip' in skipped && skipped.skip).toMatch(/^None of the schedule's channels could be read/);
  });
});

describe('saveRunIssue and askApproval', () => {
  it('saves the issue as a newsletter, then waits for approval with a deadline job and mails the creator', async () => {
    const { s, run, schedule, pub, wd } = await queuedRun({ mode: 'approve', autoSendAfterHours: 24 });
    const picked = await pickStories(s.h.deps, run, schedule, wd, s.user);
    if (!('picks' in picked)) throw new Error(picked.skip);
    const saved = await saveRunIssue(s.h.deps, s.user, pub, schedule, picked.picks, { intro: 'This week.', subject: 'Compilers', engine: 'built-in' });
    const [newsletter] = await s.h.db.select().from(newsletters).where(eq(newsletters.id, saved.prepared.newsletterId));
    expect(newsletter).toMatchObject({ userId: s.user.id, publicationId: s.pubId, status: 'draft', subject: saved.issue.subject, currentIssueOf: null });
    expect(saved.prepared.articles.map((a) => a.id)).toEqual(picked.picks.map((a) => a.id));
    expect(saved.issue).toMatchObject({ intro: 'This week.', articles: picked.picks });

    await askApproval(s.h.deps, run, schedule, s.user, pub.name, saved);
    const [waiting] = await s.h.db.select().from(recurringRuns).where(eq(recurringRuns.id, run.id));
    expect(waiting).toMatchObject({
      status: 'awaiting_approval',
      newsletterId: saved.prepared.newsletterId,
      autoSendAt: new Date(MONDAY_0805.getTime() + 24 * 3_600_000),
    });
    expect(waiting!.approveTokenHash).toEqual(expect.any(String));
    expect(waiting!.precheck).not.toBeNull();
    // The deadline's job is waiting under its key.
    expect(await s.h.deps.queue.cancel(deadlineJobKey(run.id))).toBe(true);
    expect((await s.mailTo('creator@example.com')).length).toBe(1);
  });
});
