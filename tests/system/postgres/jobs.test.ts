// Jobs on Postgres: pg-boss behind the queue interface. Jobs are written in the caller's transaction,
// one unfinished job per unique key, "retry now" and cancel, a bulk send worked in slices by two
// workers (each reader once), a worker killed with kill -9 mid-send resumed by another, and a schedule
// that fires once per tick for two processes.
import { afterEach, describe, expect, it } from 'vitest';
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { closeDb, openPostgres, queryRows, tx, type Db } from '../../../src/server/db';
import { loadEnv } from '../../../src/server/env';
import { createDeps } from '../../../src/server/deps';
import type { Deps } from '../../../src/server/context';
import { createPgBossQueue, type PgBossQueueOptions } from '../../../src/server/jobs/pg-boss-queue';
import type { JobQueue } from '../../../src/server/jobs/queue';
import { registerJobHandlers, startJobWorker, type JobHandlers } from '../../../src/server/jobs/worker';
import { jobHandlers, type JobDeps } from '../../../src/server/job-handlers';
import { SEND_JOB, sendJobKey } from '../../../src/server/delivery/sends';
import { createAccount } from '../../../src/server/auth/accounts';
import { issueSends, publications, sendRecipients, sessions, subscribers } from '../../../db/schema';
import { scheduleClusterTasks, SESSION_SWEEP_JOB } from '../../../src/server/startup';
import { RECURRING_TICK_JOB } from '../../../src/server/recurring/kinds';
import { ROLLUP_TICK_JOB } from '../../../src/server/delivery/rollup';
import { freshDatabase, SERVER_URL } from '../../postgres/support';

const CHILD = fileURLToPath(new URL('./job-worker.ts', import.meta.url));
const SECRET = 'jobs-test-secret-jobs-test-secret-0123456';
const quiet = { info() {}, warn() {}, error: (m: string, e?: unknown) => console.error(m, e) };
/** Short expiry and maintenance so a dead run is noticed in seconds. */
const FAST: PgBossQueueOptions = { expireSeconds: 3, sliceMs: 300, maintenanceSeconds: 1, cronMonitorSeconds: 1, cronWorkerSeconds: 1, log: quiet };

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function database(): Promise<string> {
  const fresh = await freshDatabase();
  cleanups.push(fresh.drop);
  // Migrated once, so the processes below start as servers do on an existing database.
  const db = await openPostgres(fresh.url);
  await closeDb(db);
  return fresh.url;
}

/** One app process: its own pool, its own job engine. */
async function processOn(url: string, opts: Partial<PgBossQueueOptions> = {}): Promise<{ db: Db; queue: JobQueue; deps: Deps }> {
  const db = await openPostgres(url, { migrate: false });
  cleanups.push(() => closeDb(db));
  const queue = createPgBossQueue(db, { ...FAST, ...opts });
  await queue.start!();
  cleanups.push(() => queue.stop!());
  const env = loadEnv({ DATABASE_URL: url, APP_SECRET: SECRET, NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL: 'http://localhost:3000' });
  return { db, queue, deps: createDeps(env, db, { queue, log: quiet }) };
}

async function until(check: () => Promise<boolean>, what: string, limitMs = 60_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const one = async <T>(db: Db, query: ReturnType<typeof sql>) => (await queryRows<T>(db, query))[0]!;

/** A creator, a publication with `n` active readers, and an issue send of it queued (as sends.create does). */
async function queuedSend(p: { db: Db; queue: JobQueue }, n: number) {
  const now = new Date();
  const user = await createAccount(p.db, { email: `writer-${crypto.randomUUID()}@example.com`, name: 'Writer', passwordHash: null }, now);
  const pubId = crypto.randomUUID();
  await p.db.insert(publications).values({ id: pubId, userId: user.id, name: 'Compiler Weekly', workflowData: {} as never, createdAt: now, updatedAt: now });
  for (let i = 0; i < n; i += 1000) {
    await p.db.insert(subscribers).values(
      Array.from({ length: Math.min(1000, n - i) }, (_, k) => ({
        id: crypto.randomUUID(),
        publicationId: pubId,
        email: `reader-${i + k}@example.com`,
        name: `Reader ${i + k}`,
        status: 'active' as const,
        source: 'import',
        createdAt: new Date(now.getTime() + i + k),
        updatedAt: now,
      })),
    );
  }
  const sendId = crypto.randomUUID().replace(/-/g, '');
  await tx(p.db, async (t) => {
    await t.insert(issueSends).values({
      id: sendId,
      userId: user.id,
      publicationId: pubId,
      subject: 'Issue 1',
      fromName: 'Compiler Weekly',
      replyTo: user.email,
      html: '<p>This week in compilers.</p>',
      text: 'This week in compilers.',
      webHtml: '<p>This week in compilers.</p>',
      articles: [],
      status: 'sending',
      scheduledAt: now,
      startedAt: null,
      finishedAt: null,
      total: 0,
      trackOpens: false,
      trackClicks: false,
      lastError: null,
      createdAt: now,
    });
    await p.queue.enqueue({ kind: SEND_JOB, payload: { sendId }, uniqueKey: sendJobKey(sendId) }, t);
  });
  return sendId;
}

const sendStatus = async (db: Db, id: string) => (await db.select({ s: issueSends.status }).from(issueSends).where(eq(issueSends.id, id)))[0]?.s;

/** Messages in the outbox per reader: how many, and how many distinct Message-IDs. */
async function outboxByReader(db: Db) {
  return queryRows<{ to: string; n: number; ids: number }>(
    db,
    sql`SELECT to_address AS "to", count(*)::int AS n, count(DISTINCT message_id)::int AS ids FROM outbox GROUP BY to_address`,
  );
}

describe.skipIf(!SERVER_URL)('jobs on Postgres (pg-boss)', () => {
  it('a job enqueued in a transaction that rolls back leaves no job; a committed one is claimed by exactly one of two processes', async () => {
    const url = await database();
    const a = await processOn(url);
    const b = await processOn(url);
    await expect(
      tx(a.db, async (t) => {
        await a.queue.enqueue({ kind: 'probe', payload: { n: 1 } }, t);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await a.queue.counts()).toEqual({});
    expect(await a.queue.hasDue(['probe'])).toBe(false);

    await tx(a.db, (t) => a.queue.enqueue({ kind: 'probe', payload: { n: 2 } }, t));
    expect(await b.queue.counts()).toEqual({ queued: 1 });
    const claims = await Promise.all([a.queue.claim(['probe'], 'wa', 1000), b.queue.claim(['probe'], 'wb', 1000)]);
    const won = claims.filter((c) => c !== null);
    expect(won).toHaveLength(1);
    expect(won[0]).toMatchObject({ kind: 'probe', payload: { n: 2 }, attempts: 1 });
    expect(won[0]!.sliceEndsAt).toBeGreaterThan(Date.now());
    expect(await a.queue.counts()).toEqual({ running: 1 });
  });

  it('a queue nobody started starts on its first use (scripts and tests need no wiring), and stops', async () => {
    const url = await database();
    const db = await openPostgres(url, { migrate: false });
    cleanups.push(() => closeDb(db));
    const queue = createPgBossQueue(db, FAST);
    expect(await queue.enqueue({ kind: 'probe', payload: { n: 1 } })).not.toBeNull();
    expect(await queue.counts()).toEqual({ queued: 1 });
    await queue.stop!();
    const { n } = await one<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'probe'`);
    expect(n).toBe(1);
  });

  it("a job expires after the expiry of the process that wrote it, not of the queue's first creator", async () => {
    const url = await database();
    const a = await processOn(url);
    const b = await processOn(url, { expireSeconds: 7 });
    await a.queue.enqueue({ kind: 'probe', payload: { n: 1 } });
    await b.queue.enqueue({ kind: 'probe', payload: { n: 2 } });
    const rows = await queryRows<{ s: number }>(
      a.db,
      sql`SELECT extract(epoch FROM expire_in)::int AS s FROM pgboss.job WHERE name = 'probe' ORDER BY created_on`,
    );
    expect(rows.map((r) => r.s)).toEqual([FAST.expireSeconds, 7]);
  });

  it('one unfinished job per unique key; "retry now" moves a waiting job; only a waiting job can be canceled', async () => {
    const url = await database();
    const { db, queue } = await processOn(url);
    const later = new Date(Date.now() + 60 * 60_000);
    expect(await queue.enqueue({ kind: 'probe', payload: { n: 1 }, uniqueKey: 'k', runAt: later })).not.toBeNull();
    expect(await queue.enqueue({ kind: 'probe', payload: { n: 2 }, uniqueKey: 'k' })).toBeNull();
    expect(await queue.claim(['probe'], 'w', 1000)).toBeNull();

    expect(await queue.reschedule('k', new Date())).toBe(true);
    const job = await queue.claim(['probe'], 'w', 1000);
    expect(job).toMatchObject({ payload: { n: 1 }, attempts: 1 });
    // Running: the key is still held, and neither a cancel nor a retry-now touches it.
    expect(await queue.enqueue({ kind: 'probe', payload: { n: 3 }, uniqueKey: 'k' })).toBeNull();
    expect(await queue.cancel('k')).toBe(false);
    expect(await queue.reschedule('k', new Date())).toBe(false);
    expect(await queue.heartbeat(job!.id, 'w', 1000)).toBe(true);
    await queue.complete(job!.id, 'w');
    expect(await queue.heartbeat(job!.id, 'w', 1000)).toBe(false);

    expect(await queue.enqueue({ kind: 'probe', payload: { n: 4 }, uniqueKey: 'k', runAt: later })).not.toBeNull();
    // A cancel in the caller's transaction is undone with it.
    await expect(
      tx(db, async (t) => {
        expect(await queue.cancel('k', t)).toBe(true);
        throw new Error('the caller failed after the cancel');
      }),
    ).rejects.toThrow('the caller failed');
    expect(await queue.counts()).toEqual({ done: 1, canceled: 1, queued: 1 });
    expect(await queue.cancel('k')).toBe(true);
    expect(await queue.cancel('k')).toBe(false);
    expect(await queue.reschedule('k', new Date())).toBe(false);
    expect(await queue.counts()).toEqual({ done: 1, canceled: 2 });
  });

  it('a retry later carries the failed runs; a final failure ends the job; a continuation keeps the key', async () => {
    const url = await database();
    const { queue } = await processOn(url);
    await queue.enqueue({ kind: 'probe', payload: { n: 1 }, uniqueKey: 'k' });
    const first = (await queue.claim(['probe'], 'w', 1000))!;
    await queue.fail(first.id, 'w', 'outage', new Date());
    const second = (await queue.claim(['probe'], 'w', 1000))!;
    expect(second).toMatchObject({ payload: { n: 1 }, attempts: 2 });
    await queue.continue(second.id, 'w');
    expect(await queue.enqueue({ kind: 'probe', payload: {}, uniqueKey: 'k' })).toBeNull();
    const third = (await queue.claim(['probe'], 'w', 1000))!;
    expect(third).toMatchObject({ payload: { n: 1 }, attempts: 1 });
    await queue.fail(third.id, 'w', 'gave up');
    expect(await queue.claim(['probe'], 'w', 1000)).toBeNull();
    expect(await queue.counts()).toEqual({ done: 2, failed: 1 });
    expect(await queue.enqueue({ kind: 'probe', payload: {}, uniqueKey: 'k' })).not.toBeNull();
  });

  it('a 2,000-reader send through the outbox, worked in slices by two processes: every reader exactly once', { timeout: 120_000 }, async () => {
    const url = await database();
    const a = await processOn(url);
    const b = await processOn(url);
    const sendId = await queuedSend(a, 2_000);
    const ranBy: string[] = [];
    const tagged = (tag: string): JobHandlers<JobDeps> =>
      registerJobHandlers<JobDeps>({
        [SEND_JOB]: (deps, queue, job, worker, leaseMs) => {
          ranBy.push(tag);
          return jobHandlers[SEND_JOB]!(deps, queue, job, worker, leaseMs);
        },
      });
    const wa = startJobWorker(a.deps, a.queue, tagged('a'), { pollMs: 20, leaseMs: 3_000 });
    const wb = startJobWorker(b.deps, b.queue, tagged('b'), { pollMs: 20, leaseMs: 3_000 });
    cleanups.push(
      () => wa.stop(),
      () => wb.stop(),
    );
    await until(async () => (await sendStatus(a.db, sendId)) === 'sent', 'the send to finish');

    const readers = await outboxByReader(a.db);
    expect(readers).toHaveLength(2_000);
    expect(readers.every((r) => r.n === 1)).toBe(true);
    const statuses = await a.db.select({ status: sendRecipients.status }).from(sendRecipients).where(eq(sendRecipients.sendId, sendId));
    expect(statuses).toHaveLength(2_000);
    expect(statuses.every((s) => s.status === 'sent')).toBe(true);
    // More than one run: the send was handed over between slices.
    const { n: runs } = await one<{ n: number }>(a.db, sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${SEND_JOB} AND state = 'completed'`);
    expect(runs).toBeGreaterThan(1);
    expect(ranBy).toHaveLength(runs);
    console.log(
      `two-process send: ${runs} slices, ${ranBy.filter((t) => t === 'a').length} by one process, ${ranBy.filter((t) => t === 'b').length} by the other`,
    );
  });

  it(
    'kill -9 of the process sending: its job expires and another process resumes; nobody skipped, repeats bounded by the batch in flight',
    { timeout: 120_000 },
    async () => {
      const RECIPIENTS = 3_000;
      const url = await database();
      const b = await processOn(url);
      const sendId = await queuedSend(b, RECIPIENTS);
      const child: ChildProcess = fork(CHILD, [], {
        env: { ...process.env, DATABASE_URL: url, APP_SECRET: SECRET, QUEUE_LEASE_SECONDS: '1', LOG_LEVEL: 'silent', NODE_ENV: 'test' },
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      cleanups.push(() => child.exitCode === null && child.kill('SIGKILL'));
      const sent = async () => (await one<{ n: number }>(b.db, sql`SELECT count(*)::int AS n FROM outbox`)).n;
      await until(async () => (await sent()) >= 500, 'the first process to deliver 500 messages');
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      const killedAt = Date.now();
      const atKill = await sent();
      expect(atKill).toBeLessThan(RECIPIENTS);

      const worker = startJobWorker(b.deps, b.queue, jobHandlers, { pollMs: 50, leaseMs: 3_000 });
      cleanups.push(() => worker.stop());
      await until(async () => (await sent()) > atKill, 'another process to resume the send');
      const resumedAfterMs = Date.now() - killedAt;
      await until(async () => (await sendStatus(b.db, sendId)) === 'sent', 'the send to finish');

      const readers = await outboxByReader(b.db);
      expect(readers).toHaveLength(RECIPIENTS);
      expect(readers.every((r) => r.ids === 1)).toBe(true);
      const repeats = (await sent()) - RECIPIENTS;
      // Only the batch handed over when the process died can go twice (same Message-ID): the outbox takes 500 at a time.
      expect(repeats).toBeGreaterThanOrEqual(0);
      expect(repeats).toBeLessThanOrEqual(500);
      const statuses = await b.db.select({ status: sendRecipients.status }).from(sendRecipients).where(eq(sendRecipients.sendId, sendId));
      expect(statuses.every((s) => s.status === 'sent')).toBe(true);
      console.log(`kill -9: ${atKill} delivered before, resumed by the other process after ${resumedAfterMs} ms, ${repeats} in-doubt message(s) sent again`);
    },
  );

  it('a schedule fires once per tick for two processes', { timeout: 120_000 }, async () => {
    const url = await database();
    const a = await processOn(url);
    const b = await processOn(url);
    // A tick that is due now and not again for an hour (pg-boss sends a tick within the minute after it).
    if (new Date().getUTCSeconds() > 40) await new Promise((r) => setTimeout(r, (61 - new Date().getUTCSeconds()) * 1000));
    const cron = `${new Date().getUTCMinutes()} * * * *`;
    await Promise.all([a.queue.schedule!('tick', cron), b.queue.schedule!('tick', cron)]);
    let runs = 0;
    const handlers = registerJobHandlers<JobDeps>({
      tick: async (_deps, queue, job, worker) => {
        runs++;
        await queue.complete(job.id, worker);
      },
    });
    const wa = startJobWorker(a.deps, a.queue, handlers, { pollMs: 50 });
    const wb = startJobWorker(b.deps, b.queue, handlers, { pollMs: 50 });
    cleanups.push(
      () => wa.stop(),
      () => wb.stop(),
    );
    await until(async () => runs > 0, 'the tick to run', 20_000);
    // Both processes keep looking at the schedule every second for a while.
    await new Promise((r) => setTimeout(r, 5_000));
    expect(runs).toBe(1);
    const { n } = await one<{ n: number }>(a.db, sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'tick'`);
    expect(n).toBe(1);
  });

  it("the periodic tasks are the cluster's schedules (onboarding batch every 15 minutes, the weekly roll-up's tick and the session sweep hourly, recurring issues' tick every minute), and the sweep job runs", async () => {
    const url = await database();
    const a = await processOn(url);
    const b = await processOn(url);
    await Promise.all([scheduleClusterTasks(a.deps), scheduleClusterTasks(b.deps)]);
    const schedules = await queryRows<{ name: string; cron: string }>(a.db, sql`SELECT name, cron FROM pgboss.schedule ORDER BY name`);
    expect(schedules).toEqual([
      { name: 'onboarding-batch', cron: '*/15 * * * *' },
      { name: ROLLUP_TICK_JOB, cron: '5 * * * *' },
      { name: RECURRING_TICK_JOB, cron: '* * * * *' },
      { name: SESSION_SWEEP_JOB, cron: '0 * * * *' },
    ]);

    const user = await createAccount(a.db, { email: 'reader@example.com', name: 'Reader', passwordHash: null }, new Date());
    await a.db.insert(sessions).values([
      // expires_at is in seconds (lucia's), created_at in milliseconds.
      { id: 'expired', userId: user.id, expiresAt: Math.floor(Date.now() / 1000) - 10, createdAt: Date.now() - 10_000 },
      { id: 'live', userId: user.id, expiresAt: Math.floor(Date.now() / 1000) + 3600, createdAt: Date.now() },
    ]);
    await a.queue.enqueue({ kind: SESSION_SWEEP_JOB, payload: {} });
    const worker = startJobWorker(a.deps, a.queue, jobHandlers, { pollMs: 20 });
    cleanups.push(() => worker.stop());
    await until(async () => (await a.queue.counts()).done === 1, 'the sweep to run', 10_000);
    expect((await a.db.select({ id: sessions.id }).from(sessions)).map((r) => r.id)).toEqual(['live']);
  });
});
