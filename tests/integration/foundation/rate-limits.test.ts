// Rate limits with their defaults (429 with the spec's message), their env overrides, RATE_LIMITS=off,
// and the window reset through the clock seam.
// @postgres
import { describe, it, expect } from 'vitest';
import { createHarness, harnessWithAdmin, jsonRequest, type Harness } from '../../helpers/app';
import { MSG } from '../../../src/shared/messages';

const post = (h: Pick<Harness, 'app'>, path: string, body: unknown) => h.app.request(path, jsonRequest('POST', body));
const login = (h: Pick<Harness, 'app'>, email: string, password = 'wrong password') => post(h, '/api/auth/login', { email, password });

async function expect429(res: Response) {
  expect(res.status).toBe(429);
  const wait = Number(res.headers.get('retry-after'));
  expect(wait).toBeGreaterThan(0);
  expect(await res.json()).toEqual({ success: false, message: MSG.rateLimited, code: 'TOO_MANY_REQUESTS', retryAfterSeconds: wait });
}

describe('sign-in', () => {
  it('10 failures per e-mail per 15 minutes, then 429 even with the right password; the window resets', async () => {
    let now = new Date('2026-05-01T12:00:00Z');
    const h = await harnessWithAdmin({ deps: { now: () => now } });
    await h.insertUser({ email: 'target@example.com', password: 'right password' });
    for (let i = 0; i < 10; i++) expect((await login(h, 'target@example.com')).status).toBe(401);
    await expect429(await login(h, 'target@example.com', 'right password'));
    // Another address from the same client is not blocked by the per-e-mail limit.
    expect((await login(h, 'other@example.com')).status).toBe(401);
    now = new Date(now.getTime() + 15 * 60 * 1000 + 1);
    expect((await login(h, 'target@example.com', 'right password')).status).toBe(200);
  });

  it('successful sign-ins do not count towards the limit', async () => {
    const h = await harnessWithAdmin({ env: { RATE_LIMIT_SIGNIN_PER_EMAIL: '2' } });
    await h.insertUser({ email: 'ok@example.com', password: 'right password' });
    for (let i = 0; i < 4; i++) expect((await login(h, 'ok@example.com', 'right password')).status).toBe(200);
  });

  it('30 failures per address per 15 minutes across e-mails', async () => {
    const h = await createHarness();
    for (let i = 0; i < 30; i++) expect((await login(h, `guess${i % 6}@example.com`)).status).toBe(401);
    await expect429(await login(h, 'fresh@example.com'));
  });

  it('is configurable by env', async () => {
    const h = await createHarness({ env: { RATE_LIMIT_SIGNIN_PER_EMAIL: '2', RATE_LIMIT_SIGNIN_PER_IP: '3' } });
    expect((await login(h, 'a@example.com')).status).toBe(401);
    expect((await login(h, 'a@example.com')).status).toBe(401);
    await expect429(await login(h, 'a@example.com'));
    expect((await login(h, 'b@example.com')).status).toBe(401);
    await expect429(await login(h, 'c@example.com'));
  });
});

describe('sign-up', () => {
  it('20 per address per hour by default', async () => {
    const h = await createHarness();
    for (let i = 0; i < 20; i++)
      expect((await post(h, '/api/auth/signup', { name: 'N', email: `s${i}@example.com`, password: 'correct horse' })).status).toBe(201);
    await expect429(await post(h, '/api/auth/signup', { name: 'N', email: 's20@example.com', password: 'correct horse' }));
  });

  it('RATE_LIMIT_SIGNUP_PER_IP sets it; a refused sign-up writes no account', async () => {
    let now = new Date('2026-05-01T12:00:00Z');
    const h = await createHarness({ env: { RATE_LIMIT_SIGNUP_PER_IP: '1' }, deps: { now: () => now } });
    expect((await post(h, '/api/auth/signup', { name: 'N', email: 'one@example.com', password: 'correct horse' })).status).toBe(201);
    await expect429(await post(h, '/api/auth/signup', { name: 'N', email: 'two@example.com', password: 'correct horse' }));
    expect((await h.caller(await h.insertUser({ role: 'admin' })).admin.listUsers()).users.map((u) => u.email)).not.toContain('two@example.com');
    now = new Date(now.getTime() + 60 * 60 * 1000 + 1);
    expect((await post(h, '/api/auth/signup', { name: 'N', email: 'two@example.com', password: 'correct horse' })).status).toBe(201);
  });
});

describe('codes', () => {
  it('5 per e-mail per 15 minutes by default; other addresses unaffected', async () => {
    const h = await createHarness();
    for (let i = 0; i < 5; i++) expect((await post(h, '/api/auth/send-code', { email: 'c@example.com' })).status).toBe(200);
    await expect429(await post(h, '/api/auth/send-code', { email: 'c@example.com' }));
    expect((await post(h, '/api/auth/send-code', { email: 'd@example.com' })).status).toBe(200);
  });

  it('RATE_LIMIT_CODES_PER_EMAIL sets it, and reset links share the allowance', async () => {
    const h = await createHarness({ env: { RATE_LIMIT_CODES_PER_EMAIL: '2' } });
    expect((await post(h, '/api/auth/send-code', { email: 'c@example.com' })).status).toBe(200);
    expect((await post(h, '/api/auth/forgot-password', { email: 'c@example.com' })).status).toBe(200);
    await expect429(await post(h, '/api/auth/send-code', { email: 'c@example.com' }));
  });
});

describe('lead form', () => {
  it('10 per address per hour by default', async () => {
    const h = await createHarness();
    for (let i = 0; i < 10; i++) expect((await post(h, '/api/newsletter-signup', { email: `l${i}@example.com`, firstName: 'L' })).status).toBe(200);
    await expect429(await post(h, '/api/newsletter-signup', { email: 'l10@example.com', firstName: 'L' }));
  });

  it('RATE_LIMIT_LEADS_PER_IP sets it', async () => {
    const h = await createHarness({ env: { RATE_LIMIT_LEADS_PER_IP: '1' } });
    expect((await post(h, '/api/newsletter-signup', { email: 'l@example.com' })).status).toBe(200);
    await expect429(await post(h, '/api/newsletter-signup', { email: 'm@example.com' }));
  });
});

describe('RATE_LIMITS=off', () => {
  it('turns every limit off', async () => {
    const h = await createHarness({
      env: {
        RATE_LIMITS: 'off',
        RATE_LIMIT_SIGNIN_PER_EMAIL: '1',
        RATE_LIMIT_CODES_PER_EMAIL: '1',
        RATE_LIMIT_LEADS_PER_IP: '1',
        RATE_LIMIT_SIGNUP_PER_IP: '1',
      },
    });
    for (let i = 0; i < 3; i++) {
      expect((await login(h, 'x@example.com')).status).toBe(401);
      expect((await post(h, '/api/auth/send-code', { email: 'x@example.com' })).status).toBe(200);
      expect((await post(h, '/api/newsletter-signup', { email: `n${i}@example.com` })).status).toBe(200);
      expect((await post(h, '/api/auth/signup', { name: 'N', email: `u${i}@example.com`, password: 'correct horse' })).status).toBe(201);
    }
  });

  it('RATE_LIMITS only accepts on or off', async () => {
    await expect(createHarness({ env: { RATE_LIMITS: 'maybe' } })).rejects.toThrow(/RATE_LIMITS/);
    await expect(createHarness({ env: { RATE_LIMIT_SIGNIN_PER_EMAIL: 'ten' } })).rejects.toThrow(/RATE_LIMIT_SIGNIN_PER_EMAIL/);
  });
});
