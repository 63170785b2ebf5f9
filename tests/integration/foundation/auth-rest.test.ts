// Contract tests of the documented REST paths (spec §7 and the foundation's auth paths) via app.request().
import { describe, it, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { createHarness, harnessWithAdmin, jsonRequest, cookieFrom } from '../../helpers/app';
import { leads, users } from '../../../db/schema';
import { MSG } from '../../../src/shared/messages';
import { codeFromMail, resetTokenFromMail, signUpRest } from './support';

describe('REST /api/auth and /api/user', () => {
  it('signs up (first account is admin), checks, reads and updates the user, signs out', async () => {
    const { app } = await createHarness();
    const res = await app.request('/api/auth/signup', jsonRequest('POST', { name: 'Ada', email: 'Ada@Example.com', password: 'correct horse' }));
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.success).toBe(true);
    expect(body.user.email).toBe('ada@example.com');
    expect(body.user.role).toBe('admin');
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);
    const cookie = cookieFrom(res);

    const check = await app.request('/api/auth/check', { headers: { cookie } });
    expect(check.headers.get('X-Protected-Content')).toBe('true');
    expect(check.headers.get('X-Anti-Scraping')).toBe('active');
    expect(await check.json()).toMatchObject({ authenticated: true, user: { email: 'ada@example.com', isAdmin: true } });

    const got = await app.request('/api/user', { headers: { cookie } });
    expect(got.status).toBe(200);
    expect(await got.json()).toMatchObject({ email: 'ada@example.com', name: 'Ada', role: 'admin' });

    const upd = await app.request('/api/user', jsonRequest('PUT', { fullName: '  Ada L.  ' }, { cookie }));
    expect(upd.status).toBe(200);
    expect((await upd.json()).name).toBe('Ada L.');
    const avatar = 'data:image/jpeg;base64,/9j/4AAQ';
    const upd2 = await app.request('/api/user', jsonRequest('PUT', { fullName: 'Ada', avatar }, { cookie }));
    expect(await upd2.json()).toMatchObject({ name: 'Ada', avatar });
    const reread = await app.request('/api/user', { headers: { cookie } });
    expect(await reread.json()).toMatchObject({ name: 'Ada', avatar });

    const second = await app.request('/api/auth/signup', jsonRequest('POST', { name: 'Bob', email: 'bob@example.com', password: 'correct horse' }));
    expect((await second.json()).user.role).toBe('user');

    const out = await app.request('/api/auth/logout', jsonRequest('POST', undefined, { cookie }));
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/session=;.*Max-Age=0/i);
    const after = await app.request('/api/user', { headers: { cookie } });
    expect(after.status).toBe(401);
  });

  it('GET /api/user signed out is 401 JSON; PUT signed out is 401', async () => {
    const { app } = await createHarness();
    const res = await app.request('/api/user');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, message: MSG.notSignedIn, code: 'UNAUTHORIZED' });
    expect((await app.request('/api/user', jsonRequest('PUT', { fullName: 'X' }))).status).toBe(401);
  });

  it("reads the session among the site's other cookies, also malformed ones and ';' without a space", async () => {
    const { app } = await createHarness();
    const res = await app.request('/api/auth/signup', jsonRequest('POST', { name: 'Ada', email: 'ada@example.com', password: 'correct horse' }));
    const cookie = cookieFrom(res);
    for (const header of [`tracker=%E0%A4%A; ${cookie}`, `theme=dark;${cookie}`, `${cookie}; consent="yes%"`]) {
      const check = await app.request('/api/auth/check', { headers: { cookie: header } });
      expect(check.status, header).toBe(200);
      expect(await check.json(), header).toMatchObject({ authenticated: true, user: { email: 'ada@example.com' } });
    }
    const other = await app.request('/api/auth/check', { headers: { cookie: 'tracker=%E0%A4%A; session=' } });
    expect(await other.json()).toEqual({ authenticated: false, user: null });
  });

  it('GET /api/auth/check signed out: not authenticated, with the protection headers', async () => {
    const { app } = await createHarness();
    const res = await app.request('/api/auth/check');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ authenticated: false, user: null });
    expect(res.headers.get('X-Protected-Content')).toBe('true');
    expect(res.headers.get('X-Anti-Scraping')).toBe('active');
  });

  it('POST /api/auth/logout signed out is 401 and sets no session', async () => {
    const { app } = await createHarness();
    const res = await app.request('/api/auth/logout', { method: 'POST' });
    expect(res.status).toBe(401);
  });

  it('GET /api/login redirects to /auth', async () => {
    const res = await (await createHarness()).app.request('/api/login');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth');
  });

  it('signup with a taken e-mail is 409 and writes nothing', async () => {
    const h = await harnessWithAdmin();
    await signUpRest(h, { email: 'taken@example.com' });
    const res = await h.app.request('/api/auth/signup', jsonRequest('POST', { name: 'Again', email: 'TAKEN@example.com', password: 'correct horse' }));
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ success: false, message: MSG.emailTaken, code: 'CONFLICT' });
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await h.db.select().from(users).where(eq(users.email, 'taken@example.com'))).toHaveLength(1);
  });

  it('login: 200 + cookie; 401 with the same body for a wrong password and a missing account', async () => {
    const h = await createHarness();
    await signUpRest(h, { email: 'ada@example.com', password: 'correct horse' });
    const ok = await h.app.request('/api/auth/login', jsonRequest('POST', { email: 'ada@example.com', password: 'correct horse' }));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ success: true, user: { email: 'ada@example.com' } });
    const cookie = cookieFrom(ok);
    expect(cookie).toMatch(/^session=\w+/);
    expect((await h.app.request('/api/user', { headers: { cookie } })).status).toBe(200);

    const bodies = [];
    for (const email of ['ada@example.com', 'nobody@example.com']) {
      const res = await h.app.request('/api/auth/login', jsonRequest('POST', { email, password: 'wrong password' }));
      expect(res.status).toBe(401);
      expect(res.headers.get('set-cookie')).toBeNull();
      bodies.push(await res.json());
    }
    expect(bodies[0]).toEqual({ success: false, message: MSG.invalidCredentials, code: 'UNAUTHORIZED' });
    expect(bodies[1]).toEqual(bodies[0]);
  });

  it('send-code and verify-code: code by mail signs the address in', async () => {
    const h = await harnessWithAdmin();
    const sent = await h.app.request('/api/auth/send-code', jsonRequest('POST', { email: 'Code@Example.com' }));
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ success: true, message: MSG.codeSent });
    const code = await codeFromMail(h, 'code@example.com');
    const wrong = await h.app.request(
      '/api/auth/verify-code',
      jsonRequest('POST', { email: 'code@example.com', code: code === '000000' ? '111111' : '000000' }),
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ success: false, message: MSG.codeInvalid });
    const res = await h.app.request('/api/auth/verify-code', jsonRequest('POST', { email: 'code@example.com', code }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, message: MSG.codeVerified });
    const check = await h.app.request('/api/auth/check', { headers: { cookie: cookieFrom(res) } });
    expect(await check.json()).toMatchObject({ authenticated: true, user: { email: 'code@example.com' } });
  });

  it('forgot-password + reset-password: the mailed link resets, ends old sessions and works once', async () => {
    const h = await harnessWithAdmin();
    const { cookie: oldCookie } = await signUpRest(h, { email: 'reset@example.com', password: 'old password' });
    const forgot = await h.app.request('/api/auth/forgot-password', jsonRequest('POST', { email: 'reset@example.com' }));
    expect(forgot.status).toBe(200);
    expect(await forgot.json()).toEqual({ success: true, message: MSG.resetLinkSent });
    const unknown = await h.app.request('/api/auth/forgot-password', jsonRequest('POST', { email: 'ghost@example.com' }));
    expect(await unknown.json()).toEqual({ success: true, message: MSG.resetLinkSent });

    const token = await resetTokenFromMail(h, 'reset@example.com');
    const reset = await h.app.request('/api/auth/reset-password', jsonRequest('POST', { token, password: 'brand new password' }));
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ success: true, message: MSG.passwordResetDone });
    const newCookie = cookieFrom(reset);
    expect((await h.app.request('/api/user', { headers: { cookie: newCookie } })).status).toBe(200);
    expect((await h.app.request('/api/user', { headers: { cookie: oldCookie } })).status).toBe(401);

    const again = await h.app.request('/api/auth/reset-password', jsonRequest('POST', { token, password: 'another password' }));
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ success: false, message: MSG.resetTokenInvalid });

    const oldLogin = await h.app.request('/api/auth/login', jsonRequest('POST', { email: 'reset@example.com', password: 'old password' }));
    expect(oldLogin.status).toBe(401);
    const newLogin = await h.app.request('/api/auth/login', jsonRequest('POST', { email: 'reset@example.com', password: 'brand new password' }));
    expect(newLogin.status).toBe(200);
  });

  it('a reset link expires after an hour', async () => {
    let now = new Date('2026-03-01T10:00:00Z');
    const h = await harnessWithAdmin({ deps: { now: () => now } });
    await h.insertUser({ email: 'late@example.com', password: 'old password' });
    await h.app.request('/api/auth/forgot-password', jsonRequest('POST', { email: 'late@example.com' }));
    now = new Date(now.getTime() + 61 * 60 * 1000);
    const res = await h.app.request(
      '/api/auth/reset-password',
      jsonRequest('POST', { token: await resetTokenFromMail(h, 'late@example.com'), password: 'new password!' }),
    );
    expect(res.status).toBe(400);
  });

  it('POST /api/newsletter-signup stores one lead per e-mail', async () => {
    const h = await createHarness();
    for (const firstName of ['Ann', 'Anna']) {
      const res = await h.app.request('/api/newsletter-signup', jsonRequest('POST', { email: 'ann@example.com', firstName }));
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ success: true });
    }
    expect(await h.db.select().from(leads)).toEqual([expect.objectContaining({ email: 'ann@example.com', firstName: 'Anna' })]);
    const bad = await h.app.request('/api/newsletter-signup', jsonRequest('POST', { firstName: 'NoMail' }));
    expect(bad.status).toBe(400);
  });

  it('GET /api/auth/providers', async () => {
    const res = await (await createHarness({ env: { GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 's' } })).app.request('/api/auth/providers');
    expect(await res.json()).toEqual({ google: true, github: false });
  });
});

describe('OAuth', () => {
  it.each([
    ['google', 'Google'],
    ['github', 'GitHub'],
  ])('%s start is 412 with the not-set-up message when unconfigured', async (provider, label) => {
    const res = await (await createHarness()).app.request(`/api/auth/oauth/${provider}`);
    expect(res.status).toBe(412);
    expect(await res.json()).toEqual({ success: false, message: MSG.providerNotConfigured(label), code: 'PRECONDITION_FAILED' });
  });

  it('an unknown provider is 404', async () => {
    expect((await (await createHarness()).app.request('/api/auth/oauth/myspace')).status).toBe(404);
  });

  it('google start redirects to the authorization address with state and PKCE cookies', async () => {
    const h = await createHarness({ env: { GOOGLE_CLIENT_ID: 'fake-google-id', GOOGLE_CLIENT_SECRET: 'fake-secret' } });
    const res = await h.app.request('/api/auth/oauth/google');
    expect(res.status).toBe(302);
    const url = new URL(res.headers.get('location')!);
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(url.searchParams.get('client_id')).toBe('fake-google-id');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/auth/oauth/google/callback');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    const cookies = res.headers.getSetCookie();
    const state = cookies.find((c) => c.startsWith('oauth_state='));
    expect(state).toBeDefined();
    expect(state).toMatch(/HttpOnly/i);
    expect(state!.split(';')[0]).toBe(`oauth_state=${url.searchParams.get('state')}`);
    expect(cookies.some((c) => c.startsWith('oauth_verifier='))).toBe(true);
  });

  it('github start redirects to github.com with a state cookie', async () => {
    const h = await createHarness({ env: { GITHUB_CLIENT_ID: 'fake-gh-id', GITHUB_CLIENT_SECRET: 'fake-secret' } });
    const res = await h.app.request('/api/auth/oauth/github');
    expect(res.status).toBe(302);
    const url = new URL(res.headers.get('location')!);
    expect(url.origin + url.pathname).toBe('https://github.com/login/oauth/authorize');
    expect(url.searchParams.get('scope')).toContain('user:email');
    expect(res.headers.getSetCookie().find((c) => c.startsWith('oauth_state='))).toContain(url.searchParams.get('state')!);
  });

  it('a callback with a wrong or missing state redirects to /auth?error=oauth without signing in', async () => {
    const h = await createHarness({ env: { GITHUB_CLIENT_ID: 'fake-gh-id', GITHUB_CLIENT_SECRET: 'fake-secret' } });
    const start = await h.app.request('/api/auth/oauth/github');
    const cookie = cookieFrom(start);
    for (const query of ['?code=abc&state=forged', '?code=abc', '?state=forged']) {
      const res = await h.app.request(`/api/auth/oauth/github/callback${query}`, { headers: { cookie } });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/auth?error=oauth');
      expect(res.headers.getSetCookie().some((c) => c.startsWith('session=') && !c.startsWith('session=;'))).toBe(false);
    }
    expect(await h.db.select().from(users)).toHaveLength(0);
  });
});
