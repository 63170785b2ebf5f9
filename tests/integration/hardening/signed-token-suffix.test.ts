// A signed token with anything after it (".x", one more character, an encoded NUL) is not the token: click
// links, the open pixel, subscriber and product-mail unsubscribe links and provider webhooks refuse it and
// change nothing. Before, readToken split on '.' and ignored what followed the signature.
// @postgres
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailEvents, subscribers, trackingEvents, users } from '../../../db/schema';
import { readToken, signToken } from '../../../src/server/crypto';
import { UNSUBSCRIBE_MSG, unsubscribeToken } from '../../../src/server/readers/unsubscribe';
import { productUnsubscribeUrl } from '../../../src/server/onboarding/unsubscribe';
import { jsonRequest } from '../../helpers/app';
import { analyticsSetup, clickPaths, mailTo, pixelPath, sendIssue } from '../analytics/support';

const SUFFIXES = ['.x', 'x', '%00', '.', '.gif.x'];
const BROWSER = { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36' } };
const oneClick = () => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });

describe('signed tokens with extra characters', () => {
  it('readToken takes only the exact token', () => {
    const token = signToken('s'.repeat(32), 'p', 'value');
    expect(readToken('s'.repeat(32), 'p', token)).toBe('value');
    for (const extra of ['.x', 'x', '\0', '.', '.a.b']) expect(readToken('s'.repeat(32), 'p', token + extra), extra).toBeNull();
  });

  it('click links and the open pixel: no redirect, nothing recorded', async () => {
    const s = await analyticsSetup({ subscribers: 1 });
    await sendIssue(s);
    const mail = await mailTo(s.h, 'reader-0@example.com');
    const click = clickPaths(mail.html)[0]!;
    const pixel = pixelPath(mail.html)!.replace(/\.gif$/, '');
    for (const extra of SUFFIXES) {
      const res = await s.h.app.request(click + extra, BROWSER);
      expect(res.status, extra).toBe(400);
      expect(res.headers.get('location'), extra).toBeNull();
      const img = await s.h.app.request(`${pixel}${extra}.gif`, BROWSER);
      expect(img.headers.get('content-type'), extra).toBe('image/gif');
    }
    expect(await s.h.db.select().from(trackingEvents)).toEqual([]);
    expect((await s.h.app.request(click, BROWSER)).status).toBe(302);
  });

  it('subscriber unsubscribe (/u/…): one-click and the page refuse it; the subscriber stays subscribed', async () => {
    const s = await analyticsSetup({ subscribers: 1 });
    const [sub] = await s.h.db.select().from(subscribers).where(eq(subscribers.publicationId, s.pub.id)).limit(1);
    if (!sub) throw new Error('no subscriber');
    const token = unsubscribeToken(s.h.deps.env.APP_SECRET, sub.id, 'send-1');
    for (const extra of SUFFIXES) {
      const res = await s.h.app.request(`/u/${token}${extra}`, oneClick());
      expect(res.status, extra).toBe(400);
      const form = await s.h.app.request(`/u/${token}${extra}`, { method: 'POST' });
      expect(form.headers.get('location'), extra).not.toContain('done=1');
      await expect(s.h.caller('anon').sends.unsubscribeInfo({ token: token + decodeURIComponent(extra) }), extra).rejects.toMatchObject({
        message: UNSUBSCRIBE_MSG.invalid,
      });
    }
    expect((await s.h.db.select().from(subscribers).where(eq(subscribers.id, sub.id)))[0]!.status).toBe('active');
    expect(await s.h.db.select().from(mailEvents).where(eq(mailEvents.kind, 'unsubscribed'))).toEqual([]);
    expect((await s.h.app.request(`/u/${token}`, oneClick())).status).toBe(200);
  });

  it('onboarding and product-news unsubscribe links refuse it; the account keeps its mail', async () => {
    const s = await analyticsSetup({ subscribers: 0 });
    await s.h.db.update(users).set({ productNewsOptIn: true }).where(eq(users.id, s.user.id));
    for (const list of ['onboarding', 'news'] as const) {
      const path = new URL(productUnsubscribeUrl(s.h.deps.env, list, s.user.id)).pathname;
      for (const extra of SUFFIXES) {
        expect((await s.h.app.request(path + extra, oneClick())).status, `${list} ${extra}`).toBe(400);
      }
    }
    const [row] = await s.h.db.select().from(users).where(eq(users.id, s.user.id));
    expect(row).toMatchObject({ productNewsOptIn: true, onboardingUnsubscribedAt: null });
  });

  it('provider webhooks: the URL token with anything after it is not found', async () => {
    const s = await analyticsSetup({ subscribers: 0 });
    const view = await s.api.mailProviders.add({ kind: 'brevo', priority: 'primary', settings: { apiKey: 'xkeysib-1' } });
    const path = new URL(view.webhookUrl!).pathname;
    const event = { event: 'hard_bounce', email: 'b@example.org', 'message-id': '<b1@smtp-relay.mailin.fr>', ts_event: Math.floor(Date.now() / 1000) };
    for (const extra of SUFFIXES) expect((await s.h.app.request(path + extra, jsonRequest('POST', event))).status, extra).toBe(404);
    expect(await s.h.db.select().from(mailEvents)).toEqual([]);
  });
});
