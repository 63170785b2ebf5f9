// Validated sessions are kept in memory for a few seconds (the signed-in hot path would otherwise read
// SQLite on every request). Changes made through the app show at once; a change made behind its back
// (another process, such as the CLI) shows within SESSION_CACHE_MS.
// @postgres
import { describe, it, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { harnessWithAdmin, jsonRequest } from '../../helpers/app';
import { sessions, users } from '../../../db/schema';
import { SESSION_CACHE_MS } from '../../../src/server/auth/service';
import { signUpRest } from './support';

async function setup() {
  let now = new Date('2026-11-23T10:00:00Z');
  const h = await harnessWithAdmin({ deps: { now: () => now } });
  const { cookie, user } = await signUpRest(h, { name: 'Cached', email: 'cached@example.com' });
  const check = async (c = cookie) =>
    (await (await h.app.request('/api/auth/check', { headers: { cookie: c } })).json()) as {
      authenticated: boolean;
      user: { name: string; planType: string } | null;
    };
  return { h, cookie, user, check, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

describe('session cache', () => {
  it('a profile change through the app shows on the next request', async () => {
    const { h, cookie, check } = await setup();
    expect((await check()).user?.name).toBe('Cached');
    const res = await h.app.request('/api/user', jsonRequest('PUT', { fullName: 'Renamed' }, { cookie }));
    expect(res.status).toBe(200);
    expect((await check()).user?.name).toBe('Renamed');
  });

  it('sign-out and a password reset end the cached session at once', async () => {
    const { h, cookie, check } = await setup();
    expect((await check()).authenticated).toBe(true);
    await h.app.request('/api/auth/logout', { method: 'POST', headers: { cookie } });
    expect((await check()).authenticated).toBe(false);
  });

  it('a change behind the app’s back shows within SESSION_CACHE_MS; a deleted session too', async () => {
    const { h, user, check, advance } = await setup();
    expect((await check()).user?.planType).toBe('free');
    await h.db.update(users).set({ planType: 'professional' }).where(eq(users.id, user.id));
    expect((await check()).user?.planType).toBe('free');
    advance(SESSION_CACHE_MS);
    expect((await check()).user?.planType).toBe('professional');

    await h.db.delete(sessions).where(eq(sessions.userId, user.id));
    advance(SESSION_CACHE_MS);
    expect((await check()).authenticated).toBe(false);
  });
});
