// Defect 8: session ids were stored raw and expired sessions were never deleted. Rows now hold the
// SHA-256 of the id, and expired rows are swept at start and every hour: by the process's own timer, or
// where the queue keeps the cluster's schedules (pg-boss on Postgres) by the hourly schedule's job.
// @postgres
import { describe, it, expect, vi, afterEach } from 'vitest';
import crypto from 'node:crypto';
import { sessions } from '../../../db/schema';
import { harnessWithAdmin, jsonRequest } from '../../helpers/app';
import { runStartupTasks, SESSION_SWEEP_JOB, startPeriodicTasks } from '../../../src/server/startup';
import { startJobWorker } from '../../../src/server/jobs/worker';
import { jobHandlers } from '../../../src/server/job-handlers';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const sha256 = (v: string) => crypto.createHash('sha256').update(v).digest('hex');

async function signIn(h: Awaited<ReturnType<typeof harnessWithAdmin>>, email: string) {
  const res = await h.app.request('/api/auth/login', jsonRequest('POST', { email, password: 'right password' }));
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('session='))!;
  return { cookie: cookie.split(';')[0], id: cookie.split(';')[0].slice('session='.length) };
}

afterEach(() => vi.useRealTimers());

describe('session storage', () => {
  it('stores only a hash of the session id; the cookie still signs in, and a stored key used as a cookie does not', async () => {
    const h = await harnessWithAdmin();
    await h.insertUser({ email: 'hash@example.com', password: 'right password' });
    const { cookie, id } = await signIn(h, 'hash@example.com');
    const stored = (await h.db.select({ id: sessions.id }).from(sessions)).map((r) => r.id);
    expect(stored).not.toContain(id);
    expect(stored).toContain(sha256(id));
    expect(await (await h.app.request('/api/auth/check', { headers: { cookie } })).json()).toMatchObject({ authenticated: true });
    const forged = await h.app.request('/api/auth/check', { headers: { cookie: `session=${sha256(id)}` } });
    expect(await forged.json()).toMatchObject({ authenticated: false });
    // Sign-out finds the row by the same hash.
    await h.app.request('/api/auth/logout', { method: 'POST', headers: { cookie } });
    expect(await h.db.select().from(sessions)).toHaveLength(0);
  });
});

describe('expired sessions are swept', () => {
  async function withSessions() {
    let now = new Date('2026-06-01T00:00:00Z');
    const h = await harnessWithAdmin({ deps: { now: () => now } });
    const u = await h.insertUser();
    const t = now.getTime();
    const row = (id: string, expiresAt: number, createdAt: number) => ({ id: sha256(id), userId: u.id, expiresAt: Math.floor(expiresAt / 1000), createdAt });
    await h.db.insert(sessions).values([
      row('live', t + DAY, t - DAY),
      row('idle-expired', t - 1000, t - 8 * DAY),
      // Kept alive by use, but past the 30-day absolute lifetime.
      row('too-old', t + 6 * DAY, t - 31 * DAY),
    ]);
    const left = async () => new Set((await h.db.select({ id: sessions.id }).from(sessions)).map((r) => r.id));
    return { h, left, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
  }

  it('at start', async () => {
    const { h, left } = await withSessions();
    await runStartupTasks(h.deps);
    expect(await left()).toEqual(new Set([sha256('live')]));
  });

  /**
   * The server's periodic tasks started at a full hour, and `passes(ms)` lets that much time go by. One
   * process: its timers, run by fake timers. Where the queue keeps the cluster's schedules, the sweep must
   * be an hourly schedule; pg-boss turns each tick into a job by the database's clock, which a test cannot
   * move, so each full hour passed here runs that job through the product's job handlers.
   */
  async function startedServer(h: Awaited<ReturnType<typeof withSessions>>['h']) {
    const { queue } = h.deps;
    if (!queue.schedules) {
      vi.useFakeTimers();
      const stop = startPeriodicTasks(h.deps);
      return { stop, passes: (ms: number) => vi.advanceTimersByTimeAsync(ms) };
    }
    const stop = startPeriodicTasks(h.deps);
    await vi.waitFor(async () => expect(await queue.schedules!()).toContainEqual({ kind: SESSION_SWEEP_JOB, cron: '0 * * * *' }), { timeout: 10_000 });
    let elapsed = 0;
    return {
      stop,
      async passes(ms: number) {
        const ticks = Math.floor((elapsed + ms) / HOUR) - Math.floor(elapsed / HOUR);
        elapsed += ms;
        for (let i = 0; i < ticks; i++) {
          await queue.enqueue({ kind: SESSION_SWEEP_JOB, payload: {}, uniqueKey: SESSION_SWEEP_JOB });
          const worker = startJobWorker(h.deps, queue, jobHandlers, { pollMs: 10 });
          await worker.idle();
          await worker.stop();
        }
      },
    };
  }

  it('every hour while the server runs', async () => {
    const { h, left, advance } = await withSessions();
    const server = await startedServer(h);
    await server.passes(59 * 60 * 1000);
    expect((await left()).size).toBe(3);
    await server.passes(60 * 1000);
    expect(await left()).toEqual(new Set([sha256('live')]));
    // A day later the live one has expired too.
    advance(2 * DAY);
    await server.passes(HOUR);
    expect((await left()).size).toBe(0);
    server.stop();
  });
});
