// @postgres
import { describe, it, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { sendLinks, trackingEvents, issueSends, sendRecipients } from '../../../db/schema';
import { breakTable } from '../../helpers/db-faults';
import { clickToken } from '../../../src/server/tracking/tokens';
import { TRACKING_MSG, PIXEL_GIF } from '../../../src/server/rest/tracking';
import { analyticsSetup, sendIssue, mailTo, clickPaths, pixelPath, trickyArticles, LONG_URL } from './support';

const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const get = (
  s: { h: { app: { request: (p: string, i?: RequestInit, env?: unknown) => Response | Promise<Response> } } },
  path: string,
  o: { ua?: string; ip?: string; method?: string } = {},
) =>
  s.h.app.request(
    path,
    { method: o.method ?? 'GET', headers: { 'user-agent': o.ua ?? BROWSER_UA } },
    // @hono/node-server's getConnInfo reads the socket of the incoming request.
    o.ip ? { incoming: { socket: { remoteAddress: o.ip, remotePort: 5000, remoteFamily: 'IPv4' } } } : undefined,
  );

describe('click tracking', () => {
  it('every tracked link of a delivered issue redirects to exactly its original address, and the click is recorded', async () => {
    const s = await analyticsSetup();
    const send = await sendIssue(s);
    const row = (await s.h.db.select().from(issueSends).where(eq(issueSends.id, send.id)))[0]!;
    expect(row).toMatchObject({ trackOpens: true, trackClicks: true });

    const links = await s.h.db.select().from(sendLinks).where(eq(sendLinks.sendId, send.id)).orderBy(sendLinks.position);
    // Article addresses are normalised (URL.href) when chosen; the issue links to that form.
    expect([...new Set(links.map((l) => l.url))]).toEqual(trickyArticles.map((a) => new URL(a.url).href));
    expect(links.map((l) => l.url)).toContain(LONG_URL);
    expect(links.every((l) => !l.url.includes('/u/') && !l.url.startsWith('mailto:') && !l.url.startsWith('http://localhost:3000'))).toBe(true);

    const mail = await mailTo(s.h, 'reader-0@example.com');
    // No original article address is left in the HTML's links; the plain text keeps them.
    for (const a of trickyArticles) expect(mail.text).toContain(new URL(a.url).href);
    expect(mail.html).not.toContain('%%CURATED');
    const paths = clickPaths(mail.html);
    expect(paths).toHaveLength(links.length);
    // Unsubscribe and web-version links are untouched.
    expect(mail.html).toMatch(/href="http:\/\/localhost:3000\/u\/[^"]+"/);

    for (const [i, path] of paths.entries()) {
      const res = await get(s, path);
      expect(res.status).toBe(302);
      expect(res.headers.get('cache-control')).toContain('no-store');
      expect(res.headers.get('location')).toBe(links[i]!.url);
    }
    // Recorded behind the answers: written with the next batch.
    await s.h.deps.tracking.flush();
    const clicks = await s.h.db.select().from(trackingEvents).where(eq(trackingEvents.kind, 'click'));
    expect(clicks).toHaveLength(paths.length);
    expect(clicks.map((c) => c.linkPosition).sort((a, b) => a! - b!)).toEqual(links.map((l) => l.position));
    expect(clicks.every((c) => !c.machine)).toBe(true);
  });

  it('refuses tampered tokens with the 400 page and never redirects', async () => {
    const s = await analyticsSetup();
    const send = await sendIssue(s);
    const other = await sendIssue(s);
    const [first] = clickPaths((await mailTo(s.h, 'reader-0@example.com')).html);
    const token = first!.split('/').pop()!;
    const flip = (t: string, i: number) => t.slice(0, i) + (t[i] === 'A' ? 'B' : 'A') + t.slice(i + 1);
    const recipient = (await s.h.db.select().from(sendRecipients).where(eq(sendRecipients.sendId, send.id)))[0]!;
    const otherToken = clickToken(s.h.env.APP_SECRET, { sendId: other.id, recipientId: 1, position: 0 });
    const [value] = token.split('.');
    const bad = [
      flip(token, 3),
      flip(token, value!.length - 1), // the last character of the value (spare base64 bits)
      flip(token, token.length - 1),
      `${value}.${otherToken.split('.')[1]}`, // another send's signature
      clickToken(s.h.env.APP_SECRET, { sendId: send.id, recipientId: recipient.id, position: 999 }), // no such link
      clickToken('another-secret-of-sufficient-length-000000', { sendId: send.id, recipientId: recipient.id, position: 0 }),
      'https%3A%2F%2Fevil.example',
      `${token}x`,
    ];
    for (const t of bad) {
      const res = await get(s, `/t/c/${t}`);
      expect(res.status, t).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.text()).toContain(TRACKING_MSG.invalidLink);
    }
    const traversal = await get(s, `/t/c/${token}/..%2F..%2Fevil.example`);
    expect(traversal.status).toBeGreaterThanOrEqual(400);
    expect(traversal.headers.get('location')).toBeNull();
    await s.h.deps.tracking.flush();
    expect(await s.h.db.select().from(trackingEvents)).toHaveLength(0);
    // A valid token ignores whatever else the request carries.
    const res = await get(s, `${first}?url=https://evil.example&next=https://evil.example`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(new URL(trickyArticles[0]!.url).href);
  });

  it('still redirects when recording fails, and a HEAD request (link checker) counts as a machine click', async () => {
    const s = await analyticsSetup();
    await sendIssue(s);
    const paths = clickPaths((await mailTo(s.h, 'reader-0@example.com')).html);
    const [first] = paths;
    const third = paths[2]!; // the second article's first link
    const head = await get(s, first!, { method: 'HEAD' });
    expect(head.status).toBe(302);
    await s.h.deps.tracking.flush();
    expect((await s.h.db.select().from(trackingEvents))[0]!.machine).toBe(true);

    await breakTable(s.h.db, 'tracking_events');
    const res = await get(s, third);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(trickyArticles[1]!.url);
  });

  it('a link of a deleted publication says the issue was removed, without redirecting', async () => {
    const s = await analyticsSetup();
    await sendIssue(s);
    const [first] = clickPaths((await mailTo(s.h, 'reader-0@example.com')).html);
    await s.api.publications.delete({ id: s.pub.id });
    const res = await get(s, first!);
    expect(res.status).toBe(410);
    expect(res.headers.get('location')).toBeNull();
  });
});

describe('headers on a real server', () => {
  it('the redirect sends no referrer and the pixel may be loaded by any mail client (cross-origin)', async () => {
    const s = await analyticsSetup();
    await sendIssue(s);
    const mail = await mailTo(s.h, 'reader-0@example.com');
    const server = serve({ fetch: s.h.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => server.once('listening', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const click = await fetch(base + clickPaths(mail.html)[0], { redirect: 'manual', headers: { 'user-agent': BROWSER_UA } });
      expect(click.status).toBe(302);
      expect(click.headers.get('referrer-policy')).toBe('no-referrer');
      expect(click.headers.get('location')).toBe(new URL(trickyArticles[0]!.url).href);
      const pixel = await fetch(base + pixelPath(mail.html), { headers: { 'user-agent': BROWSER_UA } });
      expect(pixel.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      expect((await pixel.arrayBuffer()).byteLength).toBe(43);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe('open tracking', () => {
  it('answers the 43-byte GIF and records opens; Apple proxy opens are machine opens', async () => {
    const s = await analyticsSetup();
    await sendIssue(s);
    const pixel = pixelPath((await mailTo(s.h, 'reader-0@example.com')).html)!;
    expect(pixel).toMatch(/\.gif$/);
    const res = await get(s, pixel);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect(res.headers.get('cache-control')).toContain('no-store');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBe(43);
    expect(body.equals(PIXEL_GIF)).toBe(true);

    await get(s, pixel, { ip: '17.58.101.4' });
    await get(s, pixelPath((await mailTo(s.h, 'reader-1@example.com')).html)!, { ua: 'Mozilla/5.0' });
    await get(s, pixel, { ua: 'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)' });
    await s.h.deps.tracking.flush();
    const opens = await s.h.db.select().from(trackingEvents).orderBy(trackingEvents.id);
    expect(opens.map((o) => [o.kind, o.machine])).toEqual([
      ['open', false],
      ['open', true],
      ['open', true],
      ['open', false],
    ]);
  });

  it('a forged pixel token still gets the image but records nothing', async () => {
    const s = await analyticsSetup();
    await sendIssue(s);
    const res = await get(s, '/t/o/forged.token.gif');
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).length).toBe(43);
    await s.h.deps.tracking.flush();
    expect(await s.h.db.select().from(trackingEvents)).toHaveLength(0);
  });
});

describe('tracking switches', () => {
  it('with both switches off the issue has no pixel and its links are untouched', async () => {
    const s = await analyticsSetup();
    await s.api.analytics.setTracking({ publicationId: s.pub.id, trackOpens: false, trackClicks: false });
    const send = await sendIssue(s);
    const mail = await mailTo(s.h, 'reader-0@example.com');
    expect(pixelPath(mail.html)).toBeNull();
    expect(clickPaths(mail.html)).toHaveLength(0);
    expect(mail.html).toContain('href="https://example.com/search?q=rust&amp;lang=en&amp;page=2"');
    expect(await s.h.db.select().from(sendLinks).where(eq(sendLinks.sendId, send.id))).toHaveLength(0);
    expect((await s.h.db.select().from(issueSends).where(eq(issueSends.id, send.id)))[0]).toMatchObject({ trackOpens: false, trackClicks: false });
  });

  it('opens only: a pixel and untouched links; a plan without analytics tracks nothing', async () => {
    const s = await analyticsSetup();
    await s.api.analytics.setTracking({ publicationId: s.pub.id, trackClicks: false });
    await sendIssue(s);
    const mail = await mailTo(s.h, 'reader-0@example.com');
    expect(pixelPath(mail.html)).not.toBeNull();
    expect(clickPaths(mail.html)).toHaveLength(0);

    const free = await analyticsSetup({ planType: 'free' });
    await sendIssue(free);
    const freeMail = await mailTo(free.h, 'reader-0@example.com');
    expect(pixelPath(freeMail.html)).toBeNull();
    expect(clickPaths(freeMail.html)).toHaveLength(0);
  });
});
