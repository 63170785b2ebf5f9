// The app's request steps on their own: the trusted origins, the CSRF rule, the body limits, and the
// contexts of the /api paths and of the public ones (on a small Hono app with stand-in deps).
import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { apiContext, bodyLimits, isForeignRequest, publicContext, trustedOriginsOf } from '../../../src/server/app';
import type { Deps } from '../../../src/server/context';
import type { AppEnv } from '../../../src/server/http/types';
import type { SessionUser } from '../../../src/server/auth/service';
import { errorResponse } from '../../../src/server/http/error-response';
import { MSG } from '../../../src/shared/messages';

const APP = 'https://app.example';
const signedIn = { id: 'u1' } as SessionUser;

function depsWith(session: { user: SessionUser | null; setCookie: string | null }) {
  const seen: (string | undefined)[] = [];
  const deps = {
    env: { APP_URL: `${APP}/`, DEV_ORIGIN: 'http://localhost:5173' },
    log: { info() {}, warn() {}, error() {} },
    auth: {
      validate: async (cookie: string | undefined) => {
        seen.push(cookie);
        return { ...session, sessionId: session.user ? 's1' : null };
      },
    },
  } as unknown as Deps;
  return { deps, seen };
}

/** A small app behind `context`; its errors are answered as the app's are (an upload past its limit throws while read). */
function appWith(context: ReturnType<typeof apiContext>) {
  const app = new Hono<AppEnv>();
  app.use('*', context);
  app.onError((err, c) => errorResponse(c, err));
  app.all('*', async (c) => c.json({ user: c.get('user')?.id ?? null, ip: c.get('ip'), size: (await c.req.text()).length }));
  return app;
}
const post = (body: string, headers: Record<string, string> = {}) => ({ method: 'POST', body, headers: { 'content-type': 'text/plain', ...headers } });

describe('trustedOriginsOf', () => {
  it('trusts the app origin and the dev origin only', () => {
    expect([...trustedOriginsOf({ APP_URL: `${APP}/path`, DEV_ORIGIN: 'http://localhost:5173' })]).toEqual([APP, 'http://localhost:5173']);
    expect([...trustedOriginsOf({ APP_URL: APP, DEV_ORIGIN: undefined })]).toEqual([APP]);
  });
});

describe('isForeignRequest', () => {
  const trusted = new Set([APP]);
  it('an untrusted Origin is foreign, unless it is the custom domain the request came to', () => {
    expect(isForeignRequest({ origin: APP }, trusted)).toBe(false);
    expect(isForeignRequest({ origin: 'https://evil.example' }, trusted)).toBe(true);
    expect(isForeignRequest({ origin: 'https://news.creator.example' }, trusted, 'news.creator.example')).toBe(false);
    expect(isForeignRequest({ origin: 'https://evil.example' }, trusted, 'news.creator.example')).toBe(true);
  });

  it('without an Origin, only a browser saying cross-site is foreign (scripts send none)', () => {
    expect(isForeignRequest({}, trusted)).toBe(false);
    expect(isForeignRequest({ fetchSite: 'same-origin' }, trusted)).toBe(false);
    expect(isForeignRequest({ fetchSite: 'cross-site' }, trusted)).toBe(true);
  });
});

describe('apiContext', () => {
  it('reads the session, sends its refreshed cookie, and lets a trusted write through', async () => {
    const { deps, seen } = depsWith({ user: signedIn, setCookie: 'session=fresh' });
    const res = await appWith(apiContext(deps, bodyLimits())).request('/api/x', post('hi', { origin: APP, cookie: 'session=old' }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user: 'u1', ip: '127.0.0.1', size: 2 });
    expect(res.headers.get('set-cookie')).toBe('session=fresh');
    expect(seen).toEqual(['session=old']);
  });

  it('refuses a cross-origin write before reading the session', async () => {
    const { deps, seen } = depsWith({ user: signedIn, setCookie: null });
    const res = await appWith(apiContext(deps, bodyLimits())).request('/api/x', post('hi', { origin: 'https://evil.example' }));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ success: false, message: MSG.crossOrigin });
    expect(seen).toEqual([]);
  });

  it('limits a body to 1 MB, and an upload to 25 MB for a signed-in user only', async () => {
    const big = 'x'.repeat(1024 * 1024 + 1);
    const anon = appWith(apiContext(depsWith({ user: null, setCookie: null }).deps, bodyLimits()));
    const user = appWith(apiContext(depsWith({ user: signedIn, setCookie: null }).deps, bodyLimits()));
    expect((await anon.request('/api/x', post(big))).status).toBe(413);
    expect((await anon.request('/api/uploads/csv', post(big))).status).toBe(413);
    expect((await user.request('/api/x', post(big))).status).toBe(413);
    expect((await user.request('/api/uploads/csv', post(big))).status).toBe(200);
  });
});

describe('publicContext', () => {
  it('has no session whatever the cookie, and limits a body to 1 MB', async () => {
    const { deps, seen } = depsWith({ user: signedIn, setCookie: null });
    const app = appWith(publicContext(deps, bodyLimits().limitBody));
    const res = await app.request('/webhooks/x', post('ok', { origin: 'https://vendor.example', cookie: 'session=s1' }));
    expect(await res.json()).toEqual({ user: null, ip: '127.0.0.1', size: 2 });
    expect(seen).toEqual([]);
    expect((await app.request('/webhooks/x', post('x'.repeat(1024 * 1024 + 1)))).status).toBe(413);
  });
});
