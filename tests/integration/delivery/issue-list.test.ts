// issues.list: the creator's drafts and sends in one list, newest first by keyset cursor, with each
// send's audience, delivery, opens and clicks (plans with analytics) and web copy. The two tables'
// rows are merged by one order, so pages never skip or repeat a row, on SQLite and on Postgres.
// @postgres
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { issueSends, newsletters, sendRecipients, trackingEvents } from '../../../db/schema';
import { expectStatus } from '../workflow/factories';
import { analyticsSetup, sendIssue } from '../analytics/support';
import { newId } from './send-support';
import { CURSOR_MSG } from '../../../src/server/cursor';

const at = (iso: string) => new Date(iso);

describe('issues.list', () => {
  it('lists a sent issue (audience, delivery, unique opens and clicks, web copy) and the drafts, newest first', async () => {
    const s = await analyticsSetup({ subscribers: 3 });
    // The issue's saved newsletter: once sent, it is listed as its send, not as a draft as well.
    await s.api.drafts.saveIssue({
      publicationId: s.pub.id,
      title: 'Compiler Weekly',
      subject: 'Issue one',
      content: 'x',
      htmlContent: '<p>x</p>',
      contentSources: { channels: [], articles: [] },
    });
    const send = await sendIssue(s);
    const recipients = await s.h.db.select().from(sendRecipients).where(eq(sendRecipients.sendId, send.id)).orderBy(sendRecipients.id);
    await s.h.db.insert(trackingEvents).values([
      { sendId: send.id, recipientId: recipients[0]!.id, kind: 'open', machine: false, at: new Date() },
      { sendId: send.id, recipientId: recipients[0]!.id, kind: 'open', machine: false, at: new Date() },
      { sendId: send.id, recipientId: recipients[1]!.id, kind: 'open', machine: false, at: new Date() },
      { sendId: send.id, recipientId: recipients[1]!.id, kind: 'click', machine: false, linkPosition: 0, at: new Date() },
      { sendId: send.id, recipientId: recipients[2]!.id, kind: 'click', machine: true, linkPosition: 0, at: new Date() },
    ]);
    const draft = await s.api.drafts.create({
      title: 'Next week',
      subject: '',
      content: '',
      htmlContent: '',
      status: 'draft',
      contentSources: { channels: [], articles: [] },
    });

    const page = await s.api.issues.list({});
    expect(page.analytics).toBe(true);
    expect(page.nextCursor).toBeNull();
    expect(page.issues.map((i) => [i.kind, i.status])).toEqual([
      ['draft', 'draft'],
      ['send', 'sent'],
    ]);
    expect(page.issues[0]).toMatchObject({ id: draft.id, title: 'Next week', send: null });
    const sent = page.issues[1]!;
    expect(sent).toMatchObject({ id: send.id, publicationName: 'Compiler Weekly', draft: null });
    expect(sent.send).toMatchObject({ recipients: 3, delivered: 3, segmentName: null, opens: 2, clicks: 1 });
    expect(sent.send!.newsletterId).not.toBeNull();
    const slug = new URL(sent.send!.webUrl!).pathname;
    expect(slug).toMatch(new RegExp(`^/p/[a-z0-9-]+/issues/${send.id}$`));
    // The web copy is really there.
    expect((await s.h.app.request(slug)).status).toBe(200);

    expect((await s.api.issues.list({ filter: 'drafts' })).issues.map((i) => i.id)).toEqual([draft.id]);
    expect((await s.api.issues.list({ filter: 'sent' })).issues.map((i) => i.id)).toEqual([send.id]);
    expect((await s.api.issues.list({ filter: 'scheduled' })).issues).toEqual([]);
  });

  it('a plan without analytics sees delivery but no opens or clicks; a scheduled issue has no web copy yet', async () => {
    const s = await analyticsSetup({ planType: 'free', subscribers: 2 });
    const sent = await sendIssue(s);
    const later = await s.api.sends.create({ id: newId(), publicationId: s.pub.id, scheduledAt: new Date(Date.now() + 86_400_000).toISOString() });
    const page = await s.api.issues.list({});
    expect(page.analytics).toBe(false);
    const [first, second] = page.issues;
    expect(first).toMatchObject({ id: later.id, status: 'scheduled', send: { recipients: 0, webUrl: null, opens: null, clicks: null } });
    expect(second).toMatchObject({ id: sent.id, status: 'sent', send: { delivered: 2, opens: null, clicks: null } });
    expect((await s.api.issues.list({ filter: 'scheduled' })).issues.map((i) => i.id)).toEqual([later.id]);
    // Canceled, it leaves the Scheduled tab and stays in All with its status.
    await s.api.sends.cancel({ id: later.id });
    expect((await s.api.issues.list({ filter: 'scheduled' })).issues).toEqual([]);
    expect((await s.api.issues.list({})).issues.find((i) => i.id === later.id)?.status).toBe('canceled');
  });

  it('pages by cursor through drafts and sends with equal dates, never skipping or repeating one', async () => {
    const s = await analyticsSetup({ subscribers: 1 });
    const same = at('2026-11-20T10:00:00Z');
    // Three drafts and three sends on the same instant, two more of each on others.
    const dates = [same, same, same, at('2026-11-19T10:00:00Z'), at('2026-11-21T10:00:00Z')];
    for (const [i, d] of dates.entries()) {
      const n = await s.api.drafts.create({
        title: `Draft ${i}`,
        subject: '',
        content: '',
        htmlContent: '',
        status: 'draft',
        contentSources: { channels: [], articles: [] },
      });
      await s.h.db.update(newsletters).set({ updatedAt: d }).where(eq(newsletters.id, n.id));
      const sendId = newId();
      await s.api.sends.create({ id: sendId, publicationId: s.pub.id, scheduledAt: new Date(Date.now() + 3_600_000 * (i + 1)).toISOString() });
      await s.h.db.update(issueSends).set({ scheduledAt: d }).where(eq(issueSends.id, sendId));
    }
    const all = await s.api.issues.list({ limit: 50 });
    expect(all.issues).toHaveLength(10);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let guard = 0; guard < 10; guard++) {
      const page = await s.api.issues.list({ limit: 3, cursor });
      seen.push(...page.issues.map((i) => `${i.kind}:${i.id}`));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(all.issues.map((i) => `${i.kind}:${i.id}`));
    // Newest first, sends before drafts on the same instant.
    const times = all.issues.map((i) => Date.parse(i.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const onSame = all.issues.filter((i) => Date.parse(i.at) === same.getTime()).map((i) => i.kind);
    expect(onSame).toEqual(['send', 'send', 'send', 'draft', 'draft', 'draft']);
  });

  it("shows only the caller's issues; 401 signed out; a bad cursor or filter is 400", async () => {
    const s = await analyticsSetup({ subscribers: 1 });
    await sendIssue(s);
    const other = await s.h.insertUser({ planType: 'professional' });
    expect((await s.h.caller(other).issues.list({})).issues).toEqual([]);
    await expectStatus(s.h.caller('anon').issues.list({}), 401);
    await expectStatus(s.api.issues.list({ cursor: 'not-a-cursor' }), 400, CURSOR_MSG);
    await expectStatus(s.api.issues.list({ filter: 'archived' as never }), 400);
    await expectStatus(s.api.issues.list({ limit: 500 }), 400);
  });
});
