// @postgres
import { describe, it, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { integrationPublications, mailEvents, sendRecipients, trackingEvents } from '../../../db/schema';
import { expectStatus } from '../workflow/factories';
import { signedIn } from '../newsletter/support';
import { ANALYTICS_MSG, CSV_COLUMNS } from '../../../src/server/analytics/analytics';
import { analyticsSetup, sendIssue } from './support';

type S = Awaited<ReturnType<typeof analyticsSetup>>;

/** Seeds events for a send: [recipient index, kind, machine, link position]. */
async function seed(s: S, sendId: string, events: [number, 'open' | 'click', boolean, number?][]) {
  const recipients = await s.h.db.select().from(sendRecipients).where(eq(sendRecipients.sendId, sendId)).orderBy(sendRecipients.id);
  for (const [i, kind, machine, pos] of events)
    await s.h.db.insert(trackingEvents).values({ sendId, recipientId: recipients[i]!.id, kind, machine, linkPosition: pos ?? null, at: new Date() });
  return recipients;
}

async function mail(s: S, sendId: string, kind: 'delivered' | 'bounced' | 'complained' | 'unsubscribed', email: string) {
  await s.h.db.insert(mailEvents).values({ kind, provider: 'test', userId: s.user.id, sendId, email, at: new Date() });
}

describe('analytics.overview and analytics.issue', () => {
  it('counts opens (total, unique, human-likely), clicks (total, unique, per link) and mail events per issue', async () => {
    const s = await analyticsSetup({ subscribers: 4 });
    const send = await sendIssue(s);
    await seed(s, send.id, [
      [0, 'open', false],
      [0, 'open', false],
      [1, 'open', true], // Apple proxy only
      [2, 'open', true],
      [2, 'open', false], // proxy, then the reader
      [0, 'click', false, 0],
      [0, 'click', false, 0],
      [2, 'click', false, 2],
      [3, 'click', true, 2], // a scanner
    ]);
    await mail(s, send.id, 'unsubscribed', 'reader-3@example.com');
    await mail(s, send.id, 'bounced', 'reader-1@example.com');
    await mail(s, send.id, 'complained', 'reader-2@example.com');
    await mail(s, send.id, 'complained', 'reader-2@example.com'); // the same reader twice counts once

    const o = await s.api.analytics.overview({});
    expect(o.issues).toHaveLength(1);
    const i = o.issues[0]!;
    expect(i).toMatchObject({
      sendId: send.id,
      recipients: 4,
      delivered: 3,
      deliveredSource: 'estimate',
      opens: 5,
      uniqueOpens: 3,
      humanOpens: 2,
      clicks: 3,
      uniqueClicks: 2,
      machineClicks: 1,
      unsubscribes: 1,
      bounces: 1,
      complaints: 1,
    });
    expect(i.openRate).toBeCloseTo(1);
    expect(i.humanOpenRate).toBeCloseTo(2 / 3);
    expect(i.clickRate).toBeCloseTo(2 / 3);
    expect(i.clickToOpen).toBeCloseTo(2 / 3);
    expect(o.totals).toMatchObject({ issues: 1, recipients: 4, uniqueOpens: 3, humanOpens: 2, uniqueClicks: 2 });
    expect(o.trend).toHaveLength(1);

    const detail = await s.api.analytics.issue({ sendId: send.id });
    expect(detail.links[0]).toMatchObject({ position: 0, label: 'Query strings', clicks: 2, uniqueClickers: 1 });
    expect(detail.links[2]).toMatchObject({ position: 2, label: 'Fragments', clicks: 1, uniqueClickers: 1 });
    expect(detail.links[1]).toMatchObject({ clicks: 0, uniqueClickers: 0 });

    // Provider 'delivered' events replace the estimate when the provider reports them.
    await mail(s, send.id, 'delivered', 'reader-0@example.com');
    await mail(s, send.id, 'delivered', 'reader-2@example.com');
    const again = await s.api.analytics.overview({ publicationId: s.pub.id });
    expect(again.issues[0]).toMatchObject({ delivered: 2, deliveredSource: 'provider' });
  });

  it('lists issues newest first with the trend oldest first, filters by publication, and shows platform figures by source', async () => {
    const s = await analyticsSetup();
    const first = await sendIssue(s);
    const second = await sendIssue(s);
    const otherPub = await s.api.publications.create({ name: 'Other' });
    const now = new Date();
    await s.h.db.insert(integrationPublications).values({
      id: 'ip-1',
      userId: s.user.id,
      platform: 'brevo',
      title: 'Weekly on Brevo',
      status: 'sent',
      stats: { recipients: 120, uniqueOpens: 60, uniqueClicks: 12, bogus: 5 },
      statsFetchedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    const o = await s.api.analytics.overview({});
    expect(o.issues.map((i) => i.sendId)).toEqual([second.id, first.id]);
    expect(o.trend.map((t) => t.sendId)).toEqual([first.id, second.id]);
    expect(o.platforms).toEqual([
      expect.objectContaining({ source: 'Reported by Brevo', title: 'Weekly on Brevo', stats: { recipients: 120, uniqueOpens: 60, uniqueClicks: 12 } }),
    ]);
    expect((await s.api.analytics.overview({ publicationId: otherPub.id })).issues).toHaveLength(0);
  });

  it('guards: 401 anon, 403 without analytics on the plan, 404 for another account, 400 for bad input', async () => {
    const s = await analyticsSetup();
    const send = await sendIssue(s);
    await expectStatus(s.h.caller('anon').analytics.overview({}), 401);
    const free = await s.h.insertUser({ planType: 'basic' });
    await expectStatus(s.h.caller(free).analytics.overview({}), 403, ANALYTICS_MSG.unavailable);
    await expectStatus(s.h.caller(free).analytics.issue({ sendId: send.id }), 403);
    const other = await s.h.insertUser({ planType: 'professional' });
    await expectStatus(s.h.caller(other).analytics.issue({ sendId: send.id }), 404);
    await expectStatus(s.h.caller(other).analytics.overview({ publicationId: s.pub.id }), 404);
    await expectStatus(s.api.analytics.overview({ limit: 0 }), 400);
    // Admins have analytics whatever their stored plan.
    const admin = await s.h.insertUser({ role: 'admin', planType: 'free' });
    expect((await s.h.caller(admin).analytics.overview({})).issues).toHaveLength(0);
  });
});

describe('analytics.setTracking', () => {
  it('owner switches tracking; foreign publication NOT_FOUND; anon 401; bad input 400', async () => {
    const s = await analyticsSetup();
    expect(await s.api.analytics.tracking({ publicationId: s.pub.id })).toEqual({ trackOpens: true, trackClicks: true, available: true });
    expect(await s.api.analytics.setTracking({ publicationId: s.pub.id, trackOpens: false })).toMatchObject({ trackOpens: false, trackClicks: true });
    expect(await s.api.analytics.tracking({ publicationId: s.pub.id })).toMatchObject({ trackOpens: false, trackClicks: true });
    const other = await s.h.insertUser({ planType: 'professional' });
    await expectStatus(s.h.caller(other).analytics.setTracking({ publicationId: s.pub.id, trackOpens: true }), 404);
    await expectStatus(s.h.caller(other).analytics.tracking({ publicationId: s.pub.id }), 404);
    await expectStatus(s.h.caller('anon').analytics.setTracking({ publicationId: s.pub.id, trackOpens: true }), 401);
    await expectStatus(s.api.analytics.setTracking({ publicationId: s.pub.id }), 400);
    expect((await s.api.analytics.tracking({ publicationId: s.pub.id })).trackOpens).toBe(false);
  });
});

describe('GET /api/analytics/export', () => {
  it('downloads per-issue rows with formula cells neutralised; 401 anon, 403 without analytics', async () => {
    const s = await analyticsSetup();
    const { user, cookie } = await signedIn(s.h, { planType: 'professional' });
    const api = s.h.caller({ ...user, emailVerifiedAt: new Date() });
    const pub = await api.publications.create({ name: '=HYPERLINK("http://evil.example")' });
    const { buildChannel, buildArticle } = await import('../workflow/factories');
    await api.wizard.saveProgress({
      publicationId: pub.id,
      currentStep: 3,
      workflowData: { selectedTheme: 'market-watch', selectedChannels: [buildChannel()] },
    });
    await api.wizard.saveProgress({ publicationId: pub.id, currentStep: 5, workflowData: { selectedArticles: [buildArticle()] } });
    const { addSubscribers } = await import('../delivery/send-support');
    await addSubscribers(s.h, pub.id, 2);
    await sendIssue({ api, worker: s.worker, pub });

    const res = await s.h.app.request('/api/analytics/export', { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="analytics-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines[0]).toBe(CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(lines[1]).toMatch(/,2,2,sent minus bounces,0,0,0,0\.0,0\.0,0,0,0\.0,,0,0,0,yes,yes$/);

    expect((await s.h.app.request('/api/analytics/export')).status).toBe(401);
    const basic = await signedIn(s.h, { planType: 'basic' });
    const denied = await s.h.app.request('/api/analytics/export', { headers: { cookie: basic.cookie } });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ success: false, message: ANALYTICS_MSG.unavailable });
  });
});
