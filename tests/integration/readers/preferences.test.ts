// The preference centre: the signed link in every issue's footer opens the page of that reader only;
// topics become the reader's tags; a pause, plain text and the weekly roll-up are honoured by every send,
// including a change made while a send is going out (read when the reader's chunk is taken).
// @postgres
import { describe, it, expect } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { harnessWithAdmin, type Harness } from '../../helpers/app';
import { issueSends, outbox, readerEvents, sendRecipients, subscriberTags, subscribers } from '../../../db/schema';
import { runSend } from '../../../src/server/delivery/runner';
import { preferencesToken } from '../../../src/server/readers/preferences';
import { signToken } from '../../../src/server/crypto';
import { ROLLUP_JOB, enqueueWeeklyRollups, makeRollup, rollupJobHandlers } from '../../../src/server/delivery/rollup';
import { adaptHtml } from '../../../src/server/integrations/platforms';
import { MAX_TAGS_PER_READER, READERS_MSG } from '../../../src/shared/schemas/readers';
import { addSubscribers, newId, readyPublication } from '../delivery/send-support';

async function setup(readers = 3) {
  // A Wednesday.
  const clock = { now: new Date('2026-03-04T10:00:00Z') };
  const h = await harnessWithAdmin({ deps: { now: () => clock.now } });
  const user = await h.insertUser({ email: 'writer@example.com', planType: 'professional', verified: true });
  const pub = await readyPublication(h, user);
  const rows = await addSubscribers(h, pub.id, readers);
  return { h, clock, user, api: h.caller(user), anon: h.caller('anon'), pub, rows };
}

async function sendIssue(h: Harness, user: Parameters<Harness['caller']>[0], publicationId: string) {
  const created = await h.caller(user).sends.create({ id: newId(), publicationId });
  const run = await runSend(h.deps, created.id, { keepLease: () => true });
  expect(run.outcome).toBe('done');
  return created.id;
}

const mailTo = (h: Harness, email: string) => h.db.select().from(outbox).where(eq(outbox.toAddress, email)).orderBy(asc(outbox.createdAt));

const tokenIn = (body: string) => /\/preferences\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(body)?.[1];

describe('the preference centre', () => {
  it("every issue's footer links to the reader's own page; an altered or borrowed token is refused", async () => {
    const { h, user, pub, rows, anon } = await setup(2);
    const sendId = await sendIssue(h, user, pub.id);
    const [a, b] = rows;
    const [mailA] = await mailTo(h, a!.email);
    const fromHtml = tokenIn(mailA!.html!);
    expect(mailA!.html).toContain('Manage preferences');
    expect(mailA!.text).toContain(`Manage preferences: ${h.env.APP_URL}/preferences/${fromHtml}`);
    expect(fromHtml).toBe(preferencesToken(h.env.APP_SECRET, a!.id));
    expect(tokenIn(mailA!.text)).toBe(fromHtml);

    const page = await anon.preferences.get({ token: fromHtml! });
    expect(page).toMatchObject({ publicationName: 'Compiler Weekly', status: 'active', frequency: 'every', format: 'html', pausedUntil: null });
    expect(page.email).toMatch(/^re•+@example\.com$/);
    const [mailB] = await mailTo(h, b!.email);
    expect(tokenIn(mailB!.html!)).not.toBe(fromHtml);

    // Another reader's id with this reader's signature, a changed character, a trailing one, the unsubscribe token.
    const [value, mac] = fromHtml!.split('.');
    const borrowed = `${Buffer.from(b!.id).toString('base64url')}.${mac}`;
    const changed = `${value}.${mac!.slice(0, -1)}${mac!.endsWith('A') ? 'B' : 'A'}`;
    const unsubscribeToken = /\/u\/([A-Za-z0-9_.-]+)/.exec(mailA!.text)![1]!;
    // The same reader's id signed for another purpose (an unsubscribe link's key) opens nothing either.
    const otherPurpose = signToken(h.env.APP_SECRET, 'unsubscribe', a!.id);
    for (const token of [borrowed, changed, `${fromHtml}x`, unsubscribeToken, otherPurpose]) {
      await expect(anon.preferences.get({ token })).rejects.toThrow(READERS_MSG.preferencesLink);
      await expect(anon.preferences.save({ token, format: 'text' })).rejects.toThrow(READERS_MSG.preferencesLink);
    }
    expect((await h.db.select().from(subscribers).where(eq(subscribers.id, a!.id)))[0]!.format).toBe('html');

    // An issue handed to a platform never carries a link only our send could fill.
    const [send] = await h.db.select().from(issueSends).where(eq(issueSends.id, sendId));
    for (const platform of ['mailchimp', 'beehiiv'] as const) {
      const adapted = adaptHtml(platform, send!.html);
      expect(adapted).not.toContain('%%CURATED_PREFERENCES_URL%%');
      expect(adapted).not.toContain('Manage preferences');
    }
  });

  it('topics the reader picks become their tags (source preferences), and the change is in their history', async () => {
    const { h, api, anon, pub, rows } = await setup(1);
    await expect(api.preferences.saveTopics({ publicationId: pub.id, topics: ['<b>Rust</b>'] })).rejects.toThrow(READERS_MSG.tagMarkup);
    await expect(api.preferences.saveTopics({ publicationId: pub.id, topics: ['x'.repeat(10_000)] })).rejects.toThrow(READERS_MSG.tagLength);
    await api.preferences.saveTopics({ publicationId: pub.id, topics: ['Rust', 'Go', 'Zig'] });
    expect(await api.preferences.topics({ publicationId: pub.id })).toEqual(['Rust', 'Go', 'Zig']);
    const other = await h.insertUser({ email: 'other@example.com' });
    await expect(h.caller(other).preferences.topics({ publicationId: pub.id })).rejects.toThrow();
    await expect(h.caller('anon').preferences.saveTopics({ publicationId: pub.id, topics: [] })).rejects.toThrow();

    const token = preferencesToken(h.env.APP_SECRET, rows[0]!.id);
    const tags = async () =>
      (await h.db.select().from(subscriberTags).where(eq(subscriberTags.subscriberId, rows[0]!.id)).orderBy(asc(subscriberTags.tag))).map(
        (t) => `${t.tag}:${t.source}`,
      );
    const page = await anon.preferences.save({ token, topics: ['Rust', 'Zig', 'Not offered'] });
    expect(page.topics).toEqual([
      { name: 'Rust', chosen: true },
      { name: 'Go', chosen: false },
      { name: 'Zig', chosen: true },
    ]);
    expect(await tags()).toEqual(['Rust:preferences', 'Zig:preferences']);
    await anon.preferences.save({ token, topics: ['Go'] });
    expect(await tags()).toEqual(['Go:preferences']);
    const events = await h.db
      .select()
      .from(readerEvents)
      .where(and(eq(readerEvents.subscriberId, rows[0]!.id), eq(readerEvents.kind, 'preferences')));
    expect(events.map((e) => e.detail)).toEqual([{ topics: { added: ['Rust', 'Zig'], removed: [] } }, { topics: { added: ['Go'], removed: ['Rust', 'Zig'] } }]);
    expect(events[0]!.source).toBe('reader');
  });

  it('topic saves at once never take a reader past the tag limit', async () => {
    const { h, api, anon, pub, rows } = await setup(1);
    const reader = rows[0]!;
    await h.db.insert(subscriberTags).values(
      Array.from({ length: MAX_TAGS_PER_READER - 2 }, (_, i) => ({
        subscriberId: reader.id,
        publicationId: pub.id,
        tag: `kept-${i}`,
        source: 'manual',
        createdAt: new Date(),
      })),
    );
    await api.preferences.saveTopics({ publicationId: pub.id, topics: ['A', 'B', 'C', 'D', 'E', 'F'] });
    const token = preferencesToken(h.env.APP_SECRET, reader.id);
    const picks = [
      ['A', 'B'],
      ['C', 'D'],
      ['E', 'F'],
      ['A', 'C'],
      ['B', 'F'],
    ];
    await Promise.allSettled(picks.map((topics) => anon.preferences.save({ token, topics })));
    const held = await h.db.select().from(subscriberTags).where(eq(subscriberTags.subscriberId, reader.id));
    expect(held).toHaveLength(MAX_TAGS_PER_READER);
    await expect(anon.preferences.save({ token, topics: ['A', 'B', 'C'] })).rejects.toThrow(READERS_MSG.tooManyTags);
  });

  it('a paused reader gets no issue until the month is over or they resume; plain text comes without HTML', async () => {
    const { h, clock, user, anon, pub, rows } = await setup(3);
    const [paused, plain, regular] = rows;
    const pausedToken = preferencesToken(h.env.APP_SECRET, paused!.id);
    const page = await anon.preferences.save({ token: pausedToken, pause: 'month' });
    expect(page.pausedUntil).toBe('2026-04-03T10:00:00.000Z');
    await anon.preferences.save({ token: preferencesToken(h.env.APP_SECRET, plain!.id), format: 'text' });

    const first = await sendIssue(h, user, pub.id);
    expect(await mailTo(h, paused!.email)).toHaveLength(0);
    const [plainMail] = await mailTo(h, plain!.email);
    expect(plainMail!.html).toBeNull();
    expect(plainMail!.text).toContain('Borrow checking without tears');
    expect(plainMail!.text).toContain('Unsubscribe: ');
    expect((await mailTo(h, regular!.email))[0]!.html).toContain('Borrow checking without tears');
    const snapshot = await h.db.select({ email: sendRecipients.email }).from(sendRecipients).where(eq(sendRecipients.sendId, first));
    expect(snapshot.map((r) => r.email).sort()).toEqual([plain!.email, regular!.email].sort());

    // "Resume now": the next issue reaches them.
    await anon.preferences.save({ token: pausedToken, pause: 'resume' });
    await sendIssue(h, user, pub.id);
    expect(await mailTo(h, paused!.email)).toHaveLength(1);

    // A month's pause ends by itself.
    await anon.preferences.save({ token: pausedToken, pause: 'month' });
    await sendIssue(h, user, pub.id);
    expect(await mailTo(h, paused!.email)).toHaveLength(1);
    clock.now = new Date('2026-04-04T10:00:00Z');
    expect((await anon.preferences.get({ token: pausedToken })).pausedUntil).toBeNull();
    await sendIssue(h, user, pub.id);
    expect(await mailTo(h, paused!.email)).toHaveLength(2);
    const kinds = await h.db
      .select()
      .from(readerEvents)
      .where(and(eq(readerEvents.subscriberId, paused!.id), eq(readerEvents.kind, 'preferences')));
    expect(kinds.map((e) => Object.keys(e.detail ?? {}))).toEqual([['pausedUntil'], ['resumed'], ['pausedUntil']]);
  });

  it('a change made between two batches of a running send counts for the later batch', async () => {
    const { h, user, anon, pub } = await setup(0);
    const rows = await addSubscribers(h, pub.id, 504);
    const created = await h.caller(user).sends.create({ id: newId(), publicationId: pub.id });
    const early = rows[0]!;
    const [toText, toPause, toWeekly] = rows.slice(500);
    let changed = false;
    const outcome = await runSend(h.deps, created.id, {
      keepLease: () => true,
      async onProgress() {
        if (changed) return;
        changed = true;
        // The first chunk (500) is out; the last four are still waiting for theirs.
        const waiting = await h.db
          .select()
          .from(sendRecipients)
          .where(and(eq(sendRecipients.sendId, created.id), eq(sendRecipients.status, 'pending')));
        expect(waiting).toHaveLength(4);
        await anon.preferences.save({ token: preferencesToken(h.env.APP_SECRET, early.id), format: 'text' });
        await anon.preferences.save({ token: preferencesToken(h.env.APP_SECRET, toText!.id), format: 'text' });
        await anon.preferences.save({ token: preferencesToken(h.env.APP_SECRET, toPause!.id), pause: 'month' });
        await anon.preferences.save({ token: preferencesToken(h.env.APP_SECRET, toWeekly!.id), frequency: 'weekly' });
      },
    });
    expect(outcome.outcome).toBe('done');
    expect(changed).toBe(true);
    // Already sent before the change: the HTML they were sent stays theirs.
    expect((await mailTo(h, early.email))[0]!.html).not.toBeNull();
    const [textMail] = await mailTo(h, toText!.email);
    expect(textMail!.html).toBeNull();
    expect(await mailTo(h, toPause!.email)).toHaveLength(0);
    expect(await mailTo(h, toWeekly!.email)).toHaveLength(0);
    const skipped = await h.db
      .select({ status: sendRecipients.status })
      .from(sendRecipients)
      .where(and(eq(sendRecipients.sendId, created.id), inArray(sendRecipients.email, [toPause!.email, toWeekly!.email])));
    expect(skipped.map((r) => r.status)).toEqual(['suppressed', 'suppressed']);
    expect(await h.caller(user).sends.progress({ id: created.id })).toMatchObject({ status: 'sent', sent: 502 });
  });

  it('weekly readers get no issue, then one roll-up a week with that week’s issues, and none for a week without', async () => {
    const { h, clock, user, anon, pub, rows } = await setup(2);
    const [weekly, every] = rows;
    const token = preferencesToken(h.env.APP_SECRET, weekly!.id);
    await anon.preferences.save({ token, frequency: 'weekly' });

    const first = await sendIssue(h, user, pub.id);
    clock.now = new Date('2026-03-06T10:00:00Z');
    const second = await sendIssue(h, user, pub.id);
    await h.db.update(issueSends).set({ subject: 'Second <issue> & more' }).where(eq(issueSends.id, second));
    expect(await mailTo(h, weekly!.email)).toHaveLength(0);
    expect(await mailTo(h, every!.email)).toHaveLength(2);
    // Nothing before the week is over.
    expect(await enqueueWeeklyRollups(h.deps)).toBe(0);

    // The next Monday: one roll-up job, whatever the number of ticks.
    clock.now = new Date('2026-03-09T01:00:00Z');
    expect(await enqueueWeeklyRollups(h.deps)).toBe(1);
    expect(await enqueueWeeklyRollups(h.deps)).toBe(0);
    const job = await h.deps.queue.claim([ROLLUP_JOB], 'test', 60_000);
    expect(job?.payload).toMatchObject({ publicationId: pub.id, week: '2026-03-02T00:00:00.000Z' });
    await rollupJobHandlers[ROLLUP_JOB]!(h.deps, h.deps.queue, job!, 'test', 60_000);
    // A repeated job makes nothing more.
    expect(await makeRollup(h.deps, pub.id, '2026-03-02T00:00:00.000Z')).toBeNull();
    expect(await enqueueWeeklyRollups(h.deps)).toBe(0);
    const rollups = await h.db.select().from(issueSends).where(eq(issueSends.publicationId, pub.id));
    const rollup = rollups.find((s) => s.rollupOf)!;
    expect(rollups.filter((s) => s.rollupOf)).toHaveLength(1);
    expect(rollup.rollupOf!.sort()).toEqual([first, second].sort());
    expect(rollup.subject).toBe("Compiler Weekly: this week's issues");
    expect((await runSend(h.deps, rollup.id, { keepLease: () => true })).outcome).toBe('done');

    const [mail] = await mailTo(h, weekly!.email);
    expect(mail!.subject).toBe("Compiler Weekly: this week's issues");
    expect(mail!.html).toContain('Second &lt;issue&gt; &amp; more');
    expect(mail!.html).not.toContain('<issue>');
    expect(mail!.html).toContain(`/issues/${first}`);
    expect(mail!.html).toContain(`/issues/${second}`);
    expect(tokenIn(mail!.html!)).toBe(token);
    expect(mail!.text).toContain('Borrow checking without tears');
    expect(mail!.headers?.['List-Unsubscribe']).toContain('/u/');
    expect(await mailTo(h, every!.email)).toHaveLength(2);

    // A week without an issue: no roll-up.
    clock.now = new Date('2026-03-16T01:00:00Z');
    expect(await enqueueWeeklyRollups(h.deps)).toBe(0);
    expect(await makeRollup(h.deps, pub.id, '2026-03-09T00:00:00.000Z')).toBeNull();
    expect((await h.db.select().from(issueSends).where(eq(issueSends.publicationId, pub.id))).filter((s) => s.rollupOf)).toHaveLength(1);
    expect(await mailTo(h, weekly!.email)).toHaveLength(1);
  });

  it('unsubscribing from the page works like the link; nothing else can be changed afterwards', async () => {
    const { h, anon, rows } = await setup(1);
    const token = preferencesToken(h.env.APP_SECRET, rows[0]!.id);
    expect((await anon.preferences.unsubscribe({ token })).status).toBe('unsubscribed');
    const events = await h.db.select().from(readerEvents).where(eq(readerEvents.subscriberId, rows[0]!.id));
    expect(events.map((e) => `${e.kind}:${e.source}`)).toEqual(['unsubscribed:reader']);
    await expect(anon.preferences.save({ token, format: 'text' })).rejects.toThrow('no longer subscribed');
  });
});
