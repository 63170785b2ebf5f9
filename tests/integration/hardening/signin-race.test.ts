// Defect 1: sign-in limits were checked before the password was verified and counted after, so
// requests arriving together all got through. Every attempt is now counted before verification.
// @postgres
import { describe, it, expect } from 'vitest';
import { createHarness, harnessWithAdmin, jsonRequest, type Harness } from '../../helpers/app';

const RIGHT = 'right password';

function restLogin(h: Harness, email: string, password: string) {
  return h.app.request('/api/auth/login', jsonRequest('POST', { email, password }));
}

function trpcLogin(h: Harness, email: string, password: string) {
  return h.app.request('/api/trpc/auth.signIn', jsonRequest('POST', { email, password }));
}

/** 39 wrong passwords and the right one last, all sent at once. */
async function burst(h: Harness, send: typeof restLogin, email: string) {
  const passwords = [...Array.from({ length: 39 }, (_, i) => `wrong ${i}`), RIGHT];
  const res = await Promise.all(passwords.map((p) => send(h, email, p)));
  return res.map((r) => r.status);
}

const count = (statuses: number[], s: number) => statuses.filter((x) => x === s).length;

describe('sign-in limits under concurrency', () => {
  for (const [name, send] of [
    ['REST', restLogin],
    ['tRPC', trpcLogin],
  ] as const) {
    it(`${name}: 40 parallel sign-ins for one account verify at most 10 passwords and refuse the right one that came last`, async () => {
      const h = await harnessWithAdmin();
      await h.insertUser({ email: 'target@example.com', password: RIGHT });
      const statuses = await burst(h, send, 'target@example.com');
      expect(count(statuses, 401)).toBe(10);
      expect(count(statuses, 429)).toBe(30);
      expect(statuses.at(-1)).toBe(429);
      expect(count(statuses, 200)).toBe(0);
    });
  }

  it('the per-address limit holds too: 40 parallel guesses at 40 accounts from one client verify at most 30', async () => {
    const h = await createHarness();
    const res = await Promise.all(Array.from({ length: 40 }, (_, i) => restLogin(h, `guess${i}@example.com`, 'nope')));
    const statuses = res.map((r) => r.status);
    expect(count(statuses, 401)).toBe(30);
    expect(count(statuses, 429)).toBe(10);
  });

  it('a right password among parallel requests under the limit signs in, and does not count as a failure', async () => {
    const h = await harnessWithAdmin({ env: { RATE_LIMIT_SIGNIN_PER_EMAIL: '3' } });
    await h.insertUser({ email: 'ok@example.com', password: RIGHT });
    const first = await Promise.all([restLogin(h, 'ok@example.com', 'bad 1'), restLogin(h, 'ok@example.com', RIGHT), restLogin(h, 'ok@example.com', 'bad 2')]);
    expect(first.map((r) => r.status)).toEqual([401, 200, 401]);
    // Two failures counted; the success was given back, so one more attempt is allowed.
    expect((await restLogin(h, 'ok@example.com', RIGHT)).status).toBe(200);
    expect((await restLogin(h, 'ok@example.com', 'bad 3')).status).toBe(401);
    expect((await restLogin(h, 'ok@example.com', RIGHT)).status).toBe(429);
  });
});
