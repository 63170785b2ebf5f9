// The job queue of Postgres mode: pg-boss (10.x) behind the JobQueue interface. Jobs are written through
// the caller's transaction (pg-boss's `db` option), so a send and its job exist together or not at all;
// the engine's own work (its start, creating a kind's queue, polling, maintenance, schedules) runs on a
// small pool of its own, never on the app's (pg-boss-engine.ts). pg-boss has no heartbeat: a claimed job
// expires `expireSeconds` after its run started, and pg-boss's maintenance (once per interval for the
// whole cluster) hands it to the next worker. So a run works in slices: it settles its job before
// `sliceEndsAt`, handing the rest of the work to a continuation job (same kind, payload and unique key)
// written in the same transaction as the completion. Every queue uses pg-boss's 'stately' policy (per key
// at most one job queued, one waiting to be retried and one running, so one key never runs twice at
// once); `enqueue` adds the stricter rule of the SQLite queue (no new job while one with its key is
// unfinished) under an advisory lock on the key; a schedule's tick may queue the next run behind a
// running one. The few reads pg-boss has no call for (a job by its key, counts by state) read its `job`
// table; the version is pinned in package.json.
import crypto from 'node:crypto';
import type pg from 'pg';
import { lockFor, postgresPool, postgresQueryable, tx, type Db } from '../db';
import { createEngine, engineDb, SCHEMA, type Engine, type PgBossQueueOptions, type Queryable } from './pg-boss-engine';
import type { ClaimedJob, JobQueue } from './queue';

export type { PgBossQueueOptions };

/** What a pg-boss job carries: the payload, and the failed runs of earlier jobs of the same work. */
interface Envelope {
  payload: Record<string, unknown>;
  priorAttempts: number;
}

/** A job this process claimed: enough to recognise it is still ours and to write its continuation. */
export interface Held {
  name: string;
  retryCount: number;
  singletonKey: string;
  payload: Record<string, unknown>;
  attempts: number;
}

/**
 * The timing of Postgres mode from QUEUE_LEASE_SECONDS (30 by default): a slice is one lease (30 s), a job
 * expires after five (150 s) and expired jobs are looked for every lease (at most 30 s). A killed worker's
 * send therefore runs again within expiry + two maintenance intervals + a poll: 150 + 60 + 1 s ≈ 3.5 min.
 */
export function pgBossTiming(leaseSeconds: number): Pick<PgBossQueueOptions, 'expireSeconds' | 'sliceMs' | 'maintenanceSeconds'> {
  const lease = Math.max(1, leaseSeconds);
  return { expireSeconds: lease * 5, sliceMs: lease * 1000, maintenanceSeconds: Math.min(30, lease) };
}

const STATUS_OF: Record<string, string> = {
  created: 'queued',
  retry: 'queued',
  active: 'running',
  completed: 'done',
  failed: 'failed',
  cancelled: 'canceled',
};

/** Job counts by pg-boss state as the queue's statuses (queued, running, done, failed, canceled), summed. */
export function statusCounts(rows: readonly { state: string; n: number }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of rows) {
    const status = STATUS_OF[r.state] ?? r.state;
    out[status] = (out[status] ?? 0) + r.n;
  }
  return out;
}

/**
 * What this process keeps of a job it fetched: its key (a job queued without one is keyed by its id) and
 * its attempts, this run counted with the job's expired runs and the failed runs of earlier jobs.
 */
export function heldFrom(name: string, job: { id: string; retryCount: number; singletonKey: string | null; data: Partial<Envelope> | null }): Held {
  const data: Partial<Envelope> = job.data ?? {};
  return {
    name,
    retryCount: job.retryCount,
    singletonKey: job.singletonKey ?? `job:${job.id}`,
    payload: data.payload ?? {},
    attempts: (data.priorAttempts ?? 0) + job.retryCount + 1,
  };
}

/** Locks the job's row and tells whether this run still holds it (not expired and taken by another run). */
export async function stillOurs(q: Queryable, id: string, job: Pick<Held, 'name' | 'retryCount'>): Promise<boolean> {
  const { rows } = (await q.query(`SELECT state, retry_count FROM ${SCHEMA}.job WHERE name = $1 AND id = $2 FOR UPDATE`, [job.name, id])) as {
    rows: { state: string; retry_count: number }[];
  };
  return rows[0]?.state === 'active' && rows[0].retry_count === job.retryCount;
}

/** The waiting job with this key, locked for the caller's transaction. */
export async function waitingByKey(q: Queryable, key: string): Promise<{ name: string; id: string; data: Envelope } | undefined> {
  const { rows } = (await q.query(`SELECT name, id, data FROM ${SCHEMA}.job WHERE singleton_key = $1 AND state IN ('created', 'retry') LIMIT 1 FOR UPDATE`, [
    key,
  ])) as { rows: { name: string; id: string; data: Envelope }[] };
  return rows[0];
}

/** Whether a job of this kind with this key is unfinished (the SQLite queue's rule: then no new one). */
export async function unfinishedWithKey(q: Queryable, kind: string, key: string): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT 1 FROM ${SCHEMA}.job WHERE name = $1 AND COALESCE(singleton_key, '') = $2 AND state <= 'active' AND policy = 'stately' LIMIT 1`,
    [kind, key],
  );
  return rows.length > 0;
}

/** Writes a job through `q`'s transaction, with this process's expiry and retries. */
function jobWriter(engine: Engine) {
  return (q: Queryable, name: string, data: Envelope, singletonKey: string, runAt?: Date) =>
    engine.boss.send(name, data as unknown as object, { ...engine.jobTiming, singletonKey, ...(runAt ? { startAfter: runAt } : {}), db: engineDb(q) });
}
type WriteJob = ReturnType<typeof jobWriter>;

/** The engine's start and stop, and the schedules it runs. */
function engineMethods(engine: Engine): Pick<JobQueue, 'start' | 'stop' | 'schedule' | 'schedules'> {
  return {
    async start() {
      await engine.started();
    },
    stop: () => engine.stop(),
    async schedule(kind, cron, uniqueKey) {
      await engine.ensureQueue(kind);
      const data: Envelope = { payload: {}, priorAttempts: 0 };
      await engine.boss.schedule(kind, cron, data, { ...engine.jobTiming, singletonKey: uniqueKey ?? kind, tz: 'UTC' });
    },
    async schedules() {
      await engine.started();
      const rows = (await engine.boss.getSchedules()) as { name: string; cron: string }[];
      return rows.map((r) => ({ kind: r.name, cron: r.cron })).sort((a, b) => a.kind.localeCompare(b.kind));
    },
  };
}

/** Claiming a job of the next kind in turn, and asking whether this run still holds it. */
function claimMethods(engine: Engine, held: Map<string, Held>, sliceMs: number): Pick<JobQueue, 'claim' | 'heartbeat'> {
  let rotor = 0;
  return {
    async claim(kinds) {
      for (let i = 0; i < kinds.length; i++) {
        const name = kinds[(rotor + i) % kinds.length]!;
        await engine.ensureQueue(name);
        const [job] = await engine.boss.fetch<Envelope>(name, { includeMetadata: true, batchSize: 1 });
        if (!job) continue;
        // The next claim asks the next kind first, so one busy kind does not starve the others.
        rotor = (rotor + i + 1) % kinds.length;
        const claimed = heldFrom(name, job);
        held.set(job.id, claimed);
        return { id: job.id, kind: name, payload: claimed.payload, attempts: claimed.attempts, sliceEndsAt: Date.now() + sliceMs } satisfies ClaimedJob;
      }
      return null;
    },
    // No lease to renew: the answer is whether the run still holds the job.
    async heartbeat(id) {
      const job = held.get(id);
      if (!job) return false;
      const found = await engine.boss.getJobById(job.name, id);
      const ours = found?.state === 'active' && found.retryCount === job.retryCount;
      // A lost job is never settled by this run, so it is forgotten here.
      if (!ours) held.delete(id);
      return ours;
    },
  };
}

/** Completing, continuing and failing a held job, each in one transaction after the ownership check. */
function settleMethods(db: Db, boss: Engine['boss'], held: Map<string, Held>, writeJob: WriteJob): Pick<JobQueue, 'complete' | 'continue' | 'fail'> {
  /** `then` runs after the ownership check, on the same connection. */
  const settle = async (id: string, then: (q: Queryable, job: Held) => Promise<unknown>) => {
    const job = held.get(id);
    held.delete(id);
    if (!job) return;
    await tx(db, async (t) => {
      const q = postgresQueryable(t);
      if (await stillOurs(q, id, job)) await then(q, job);
    });
  };
  return {
    async complete(id) {
      await settle(id, (q, job) => boss.complete(job.name, id, {}, { db: engineDb(q) }));
    },
    async continue(id, _worker, runAt) {
      await settle(id, async (q, job) => {
        await boss.complete(job.name, id, { continued: true }, { db: engineDb(q) });
        await writeJob(q, job.name, { payload: job.payload, priorAttempts: 0 }, job.singletonKey, runAt);
      });
    },
    async fail(id, _worker, error, retryAt) {
      const message = error.slice(0, 1000);
      await settle(id, async (q, job) => {
        if (retryAt) {
          // A later try is a new job carrying the count of failed runs (pg-boss retries at a fixed delay).
          await boss.complete(job.name, id, { error: message }, { db: engineDb(q) });
          await writeJob(q, job.name, { payload: job.payload, priorAttempts: job.attempts }, job.singletonKey, retryAt);
        } else {
          // Failed for good: pg-boss's retries are for runs that died, not for a handler that gave up.
          await q.query(`UPDATE ${SCHEMA}.job SET retry_limit = retry_count WHERE name = $1 AND id = $2`, [job.name, id]);
          await boss.fail(job.name, id, { message }, { db: engineDb(q) });
        }
      });
    },
  };
}

/** Queueing a job under its key's lock, and moving or canceling the waiting job of a key. */
function keyedMethods(db: Db, engine: Engine, writeJob: WriteJob): Pick<JobQueue, 'enqueue' | 'reschedule' | 'cancel'> {
  const { boss } = engine;
  return {
    async enqueue(job, into) {
      await engine.ensureQueue(job.kind);
      const key = job.uniqueKey ?? `job:${crypto.randomUUID()}`;
      const write = async (t: Db) => {
        await lockFor(t, `job-key:${job.kind}:${key}`);
        const q = postgresQueryable(t);
        if (await unfinishedWithKey(q, job.kind, key)) return null;
        return writeJob(q, job.kind, { payload: job.payload, priorAttempts: 0 }, key, job.runAt);
      };
      return into ? write(into) : tx(db, write);
    },
    async reschedule(uniqueKey, runAt) {
      await engine.started();
      return tx(db, async (t) => {
        const q = postgresQueryable(t);
        const waiting = await waitingByKey(q, uniqueKey);
        if (!waiting) return false;
        await lockFor(t, `job-key:${waiting.name}:${uniqueKey}`);
        await boss.cancel(waiting.name, waiting.id, { db: engineDb(q) });
        await writeJob(q, waiting.name, waiting.data, uniqueKey, runAt);
        return true;
      });
    },
    // Only a waiting job: the row lock makes a claim and a cancel exclusive (a claimed job is 'active').
    async cancel(uniqueKey, into) {
      await engine.started();
      const cancel = async (t: Db) => {
        const q = postgresQueryable(t);
        const waiting = await waitingByKey(q, uniqueKey);
        if (!waiting) return false;
        const { affected } = (await boss.cancel(waiting.name, waiting.id, { db: engineDb(q) })) as unknown as { affected: number };
        return affected === 1;
      };
      return into ? cancel(into) : tx(db, cancel);
    },
  };
}

/** What an operator reads: whether a kind is due, a kind's jobs, counts by status. */
function readMethods(pool: pg.Pool, engine: Engine): Pick<JobQueue, 'hasDue' | 'jobsOf' | 'counts'> {
  return {
    async hasDue(kinds) {
      if (!kinds.length) return false;
      await engine.started();
      const { rows } = await pool.query(`SELECT 1 FROM ${SCHEMA}.job WHERE name = ANY($1) AND state < 'active' AND start_after < now() LIMIT 1`, [[...kinds]]);
      return rows.length > 0;
    },
    // Jobs pg-boss has archived (completed ones after its retention) are no longer listed.
    async jobsOf(kind) {
      await engine.started();
      const { rows } = await pool.query<{ id: string; state: string }>(`SELECT id, state FROM ${SCHEMA}.job WHERE name = $1 ORDER BY created_on, id`, [kind]);
      return rows.map((r) => ({ id: r.id, status: STATUS_OF[r.state] ?? r.state }));
    },
    async counts() {
      await engine.started();
      const { rows } = await pool.query<{ state: string; n: number }>(
        `SELECT state, count(*)::int AS n FROM ${SCHEMA}.job WHERE name NOT LIKE '\\_\\_pgboss\\_\\_%' GROUP BY state`,
      );
      return statusCounts(rows);
    },
  };
}

export function createPgBossQueue(db: Db, opts: PgBossQueueOptions): JobQueue {
  const pool = postgresPool(db);
  const engine = createEngine(pool, opts);
  const held = new Map<string, Held>();
  const writeJob = jobWriter(engine);
  return {
    ...engineMethods(engine),
    ...keyedMethods(db, engine, writeJob),
    ...claimMethods(engine, held, opts.sliceMs),
    ...settleMethods(db, engine.boss, held, writeJob),
    ...readMethods(pool, engine),
  };
}
