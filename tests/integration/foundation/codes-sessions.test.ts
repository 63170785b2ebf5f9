// One-time codes (6 digits, 15 minutes, single use, 5 tries), sessions (cookie attributes, 7 days
// idle, 30 days absolute), the first-account-is-admin rule and all-or-nothing sign-up.
// @postgres
import { describe, it, expect, vi, afterEach } from 'vitest';
import { eq } from 'drizzle-orm';
import { createHarness, harnessWithAdmin, jsonRequest, cookieFrom } from '../../helpers/app';
import { sessions, users } from '../../../db/schema';
import { MSG } from '../../../src/shared/messages';
import { createSessionStore, sessionKey } from '../../../src/server/auth/session-store';
import { codeFromMail, expectStatus, signUpRest } from './support';

const MIN = 60 * 1000;
const DAY = 24 * 60 * MIN;

describe('one-time codes', () => {
  async function setup() {
    const clock = { now: new Date('2026-04-01T09:00:00Z') };
    const h = await createHarness({ deps: { now: () => clock.now } });
    const advance = (ms: number) => (clock.now = new Date(clock.now.getTime() + ms));
    return {
      h,
      advance,
      send: () => h.caller().auth.sendCode({ email: 'otp@example.com' }),
      verify: (code: string) => h.caller().auth.verifyCode({ email: 'otp@example.com', code }),
    };
  }
  const other = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('are 6 digits and still work just before 15 minutes', async () => {
    const { h, advance, send, verify } = await setup();
    await send();
    const code = await codeFromMail(h, 'otp@example.com');
    expect(code).toMatch(/^\d{6}$/);
    advance(15 * MIN - 1000);
    expect((await verify(code)).success).toBe(true);
  });

  it('expire after 15 minutes', async () => {
    const { h, advance, send, verify } = await setup();
    await send();
    advance(15 * MIN);
    const err = await expectStatus(verify(await codeFromMail(h, 'otp@example.com')), 400);
    expect(err.message).toBe(MSG.codeInvalid);
  });

  it('work once', async () => {
    const { h, send, verify } = await setup();
    await send();
    const code = await codeFromMail(h, 'otp@example.com');
    await verify(code);
    await expectStatus(verify(code), 400);
  });

  it('allow 4 wrong tries, then the right code still works', async () => {
    const { h, send, verify } = await setup();
    await send();
    const code = await codeFromMail(h, 'otp@example.com');
    for (let i = 0; i < 4; i++) await expectStatus(verify(other(code)), 400);
    expect((await verify(code)).success).toBe(true);
  });

  it('are burnt after 5 wrong tries', async () => {
    const { h, send, verify } = await setup();
    await send();
    const code = await codeFromMail(h, 'otp@example.com');
    for (let i = 0; i < 5; i++) await expectStatus(verify(other(code)), 400);
    await expectStatus(verify(code), 400);
  });

  it('a new code replaces the earlier one', async () => {
    const { h, send, verify } = await setup();
    await send();
    const first = await codeFromMail(h, 'otp@example.com');
    await send();
    const second = await codeFromMail(h, 'otp@example.com');
    if (first !== second) await expectStatus(verify(first), 400);
    expect((await verify(second)).success).toBe(true);
  });

  it('a code for one address does not sign in another', async () => {
    const { h, send } = await setup();
    await send();
    await expectStatus(h.caller().auth.verifyCode({ email: 'intruder@example.com', code: await codeFromMail(h, 'otp@example.com') }), 400);
  });
});

describe('sessions', () => {
  afterEach(() => vi.useRealTimers());

  it('cookie is httpOnly, SameSite=Lax, Path=/ and not Secure outside production', async () => {
    const res = await (
      await createHarness()
    ).app.request('/api/auth/signup', jsonRequest('POST', { name: 'S', email: 's@example.com', password: 'correct horse' }));
    const set = res.headers.getSetCookie().find((c) => c.startsWith('session='))!;
    expect(set).toMatch(/; HttpOnly/i);
    expect(set).toMatch(/; SameSite=Lax/i);
    expect(set).toMatch(/; Path=\//i);
    expect(set).not.toMatch(/; Secure/i);
  });

  it('cookie is Secure in production', async () => {
    const res = await (
      await createHarness({ env: { NODE_ENV: 'production' } })
    ).app.request('/api/auth/signup', jsonRequest('POST', { name: 'S', email: 's@example.com', password: 'correct horse' }));
    expect(res.headers.getSetCookie().find((c) => c.startsWith('session='))).toMatch(/; Secure/i);
  });

  it('end after 7 idle days', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t0 = new Date('2026-06-01T00:00:00Z').getTime();
    vi.setSystemTime(t0);
    const h = await createHarness();
    const { cookie } = await signUpRest(h, { email: 'idle@example.com' });
    vi.setSystemTime(t0 + 6 * DAY);
    expect((await h.app.request('/api/user', { headers: { cookie } })).status).toBe(200);
    // Activity on day 6 extended the session; 7 idle days after that it is gone.
    vi.setSystemTime(t0 + 12 * DAY);
    expect((await h.app.request('/api/user', { headers: { cookie } })).status).toBe(200);
    vi.setSystemTime(t0 + 19 * DAY + MIN);
    const res = await h.app.request('/api/user', { headers: { cookie } });
    expect(res.status).toBe(401);
    expect(res.headers.get('set-cookie')).toMatch(/^session=;/);
  });

  it('end after 30 days even when used every day', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t0 = new Date('2026-06-01T00:00:00Z').getTime();
    vi.setSystemTime(t0);
    const h = await createHarness();
    const { cookie, user } = await signUpRest(h, { email: 'busy@example.com' });
    for (let day = 1; day < 30; day++) {
      vi.setSystemTime(t0 + day * DAY);
      expect((await h.app.request('/api/user', { headers: { cookie } })).status, `day ${day}`).toBe(200);
    }
    vi.setSystemTime(t0 + 30 * DAY + MIN);
    expect((await h.app.request('/api/user', { headers: { cookie } })).status).toBe(401);
    expect(await h.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('a forged or unknown session cookie is ignored and cleared', async () => {
    const res = await (await createHarness()).app.request('/api/auth/check', { headers: { cookie: 'session=abcdefghijklmnopqrstuvwxyz012345' } });
    expect(await res.json()).toEqual({ authenticated: false, user: null });
    expect(res.headers.get('set-cookie')).toMatch(/^session=;/);
  });
});

describe('accounts', () => {
  it('the first account on an empty database is admin, the second a plain user', async () => {
    const h = await createHarness();
    expect((await signUpRest(h, { email: 'one@example.com' })).user.role).toBe('admin');
    expect((await signUpRest(h, { email: 'two@example.com' })).user.role).toBe('user');
  });

  it('the first account made by a one-time code is admin too', async () => {
    const h = await createHarness();
    await h.caller().auth.sendCode({ email: 'first@example.com' });
    const r = await h.caller().auth.verifyCode({ email: 'first@example.com', code: await codeFromMail(h, 'first@example.com') });
    expect(r.user.role).toBe('admin');
  });

  it('a sign-up that fails after the row is written leaves no account behind', async () => {
    const h = await harnessWithAdmin();
    vi.spyOn(h.deps.auth, 'open').mockRejectedValueOnce(new Error('database is locked'));
    const res = await h.app.request('/api/auth/signup', jsonRequest('POST', { name: 'Half', email: 'half@example.com', password: 'correct horse' }));
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ success: false, message: MSG.internalError, code: 'INTERNAL_SERVER_ERROR' });
    expect(await h.db.select().from(users).where(eq(users.email, 'half@example.com'))).toHaveLength(0);
    // The address is free for the next try.
    expect((await signUpRest(h, { email: 'half@example.com' })).user.email).toBe('half@example.com');
  });

  it('a sign-up refused by validation writes nothing', async () => {
    const h = await createHarness();
    const res = await h.app.request('/api/auth/signup', jsonRequest('POST', { name: 'Bad', email: 'bad@example.com', password: 'short' }));
    expect(res.status).toBe(400);
    expect(await h.db.select().from(users)).toHaveLength(0);
    expect(cookieFrom(res)).toBe('');
  });
});

describe('session store', () => {
  it('keeps sessions per user, ends them all at once, and sweeps only expired ones', async () => {
    const h = await harnessWithAdmin();
    const u = await h.insertUser();
    const store = createSessionStore(h.db, { now: () => new Date(), absoluteMs: 30 * DAY });
    const now = Date.now();
    await store.setSession({ id: 'live-session', userId: u.id, expiresAt: new Date(now + DAY), attributes: { createdAt: now } });
    await store.setSession({ id: 'old-session', userId: u.id, expiresAt: new Date(now - DAY), attributes: { createdAt: now - 8 * DAY } });
    const [session, user] = await store.getSessionAndUser('live-session');
    expect(session).toMatchObject({ id: 'live-session', userId: u.id, attributes: { createdAt: now } });
    expect(Math.abs(session!.expiresAt.getTime() - (now + DAY))).toBeLessThan(1000);
    expect(user).toMatchObject({ id: u.id, attributes: { email: u.email, role: 'user' } });
    expect(await store.getSessionAndUser('missing')).toEqual([null, null]);
    expect((await store.getUserSessions(u.id)).map((s) => s.id).sort()).toEqual([sessionKey('live-session'), sessionKey('old-session')].sort());
    await store.deleteExpiredSessions();
    expect((await store.getUserSessions(u.id)).map((s) => s.id)).toEqual([sessionKey('live-session')]);
    await store.deleteUserSessions(u.id);
    expect(await store.getUserSessions(u.id)).toEqual([]);
  });
});
