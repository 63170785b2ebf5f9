// The job queue of Postgres mode: pg-boss (10.x) behind the JobQueue interface. Jobs are written through
// the caller's transaction (pg-boss's `db` option), so a send and its job exist together or not at all;
// the engine's own work (its start, creating a kind's queue, polling, maintenance, schedules) runs on a
// small pool of its own, never on the app's (see enginePool). pg-boss has no heartbeat: a claimed job
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
import pg from 'pg';
import PgBoss from 'pg-boss';
import { lockFor, postgresPool, postgresQueryable, tx, type Db, type DbOrTx } from '../db';
import type { ClaimedJob, JobQueue, NewJob } from './queue';

const SCHEMA = 'pgboss';

/** What a pg-boss job carries: the payload, and the failed runs of earlier jobs of the same work. */
interface Envelope {
  payload: Record<string, unknown>;
  priorAttempts: number;
}

/** A job this process claimed: enough to recognise it is still ours and to write its continuation. */
interface Held {
  name: string;
  retryCount: number;
  singletonKey: string;
  payload: Record<string, unknown>;
  attempts: number;
}

export interface PgBossQueueOptions {
  /** How long a run may hold its job before the job expires and runs again elsewhere. */
  expireSeconds: number;
  /** How long a run works before it hands over to a continuation (well inside the expiry). */
  sliceMs: number;
  /** How often expired jobs are looked for (once per interval for the whole cluster). */
  maintenanceSeconds: number;
  /** Expiries (crashed or hung runs) of one job before it ends as failed. */
  retryLimit?: number;
  /** How often schedules are looked at (once per interval for the whole cluster; 30 s). */
  cronMonitorSeconds?: number;
  /** How often a schedule's due ticks are turned into jobs (pg-boss's cron worker; 5 s). */
  cronWorkerSeconds?: number;
  log: { warn(msg: string): void };
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

/** The session lock N processes take turns under while their job engine starts. */
const START_LOCK = 'pgboss-start';

/**
 * Runs pg-boss's start holding a session advisory lock, on a connection of its own (outside the pool,
 * which the start itself needs). pg-boss installs its schema under its own lock, but a process that
 * waited there goes on with the catalog it saw before the wait: its CREATE SCHEMA IF NOT EXISTS then
 * fails with a duplicate key, and with it the process's start. Taking turns before pg-boss looks at
 * anything, every later process finds the schema installed.
 */
async function startAlone(pool: pg.Pool, start: () => Promise<unknown>): Promise<unknown> {
  const client = new pg.Client(pool.options);
  // A session ended from the server's side (a database dropped, a restart) fails the pending query; it
  // must not also surface as an unhandled 'error' event.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [START_LOCK]);
    return await start();
  } finally {
    // Ending the session releases its lock.
    await client.end();
  }
}

/** Connections of the engine's own pool: a fetch per worker slot, maintenance and the schedules' monitor. */
const ENGINE_CONNECTIONS = 3;

type Queryable = ReturnType<typeof postgresQueryable>;
const engineDb = (q: Queryable): PgBoss.Db => ({ executeSql: (text, values) => q.query(text, values) });

const STATUS_OF: Record<string, string> = {
  created: 'queued',
  retry: 'queued',
  active: 'running',
  completed: 'done',
  failed: 'failed',
  cancelled: 'canceled',
};

export function createPgBossQueue(db: Db, opts: PgBossQueueOptions): JobQueue {
  const pool = postgresPool(db);
  // A transaction that writes a job holds an app connection (and often an advisory lock) while the
  // engine starts or creates the job's queue: on the app's pool, N such transactions on a pool of N
  // would each wait for a connection none of them gives back, until the connect timeout (a 503). The
  // engine's own pool is created on first use and ended by stop().
  let own: pg.Pool | null = null;
  const enginePool = () => {
    if (!own) {
      own = new pg.Pool({ ...pool.options, max: ENGINE_CONNECTIONS });
      own.on('error', () => {});
    }
    return own;
  };
  const boss = new PgBoss({
    db: { executeSql: (text, values) => enginePool().query(text, values) },
    schema: SCHEMA,
    maintenanceIntervalSeconds: opts.maintenanceSeconds,
    cronMonitorIntervalSeconds: opts.cronMonitorSeconds ?? 30,
    cronWorkerIntervalSeconds: opts.cronWorkerSeconds ?? 5,
  });
  boss.on('error', (err: Error) => opts.log.warn(`job engine: ${err.message}`));
  const retryLimit = opts.retryLimit ?? 10;
  const held = new Map<string, Held>();
  const queues = new Map<string, Promise<void>>();
  let rotor = 0;

  // Started once, by start() (a server fails fast) or by the first use (a script or test that queues a
  // job needs no wiring); the engine's own timers run until stop().
  let starting: Promise<unknown> | null = null;
  // Once stopped, the engine stays stopped: a late call (a worker's last poll) must not start it again
  // on connections nothing would end.
  let stopped = false;
  const started = () => {
    if (stopped) return Promise.reject(new Error('The job queue has stopped.'));
    return (starting ??= startAlone(pool, () => boss.start()).catch((err: unknown) => {
      starting = null;
      throw err;
    }));
  };

  const createQueue = async (name: string) => {
    // Processes starting together create the same queue at once; Postgres may pick one of them as a
    // deadlock victim, and its next try finds the queue made.
    for (let attempt = 1; ; attempt++) {
      try {
        return await boss.createQueue(name, { name, policy: 'stately', retryLimit, retryDelay: 0, expireInSeconds: opts.expireSeconds });
      } catch (err) {
        if ((err as { code?: string }).code !== '40P01' || attempt >= 5) throw err;
        await new Promise((r) => setTimeout(r, 20 + Math.random() * 80));
      }
    }
  };
  const ensureQueue = (name: string) => {
    let ready = queues.get(name);
    if (!ready) {
      ready = started().then(() => createQueue(name));
      ready.catch(() => queues.delete(name));
      queues.set(name, ready);
    }
    return ready;
  };

  /** Locks the job's row and tells whether this run still holds it (not expired and taken by another run). */
  const stillOurs = async (q: Queryable, id: string, job: Held) => {
    const { rows } = (await q.query(`SELECT state, retry_count FROM ${SCHEMA}.job WHERE name = $1 AND id = $2 FOR UPDATE`, [job.name, id])) as {
      rows: { state: string; retry_count: number }[];
    };
    return rows[0]?.state === 'active' && rows[0].retry_count === job.retryCount;
  };

  // Each job carries this process's expiry and retries: a queue keeps the settings of whoever created it
  // first, and a changed QUEUE_LEASE_SECONDS must apply to the jobs written after it.
  const jobTiming = { expireInSeconds: opts.expireSeconds, retryLimit, retryDelay: 0 };
  const writeJob = (q: Queryable, name: string, data: Envelope, singletonKey: string, runAt?: Date) =>
    boss.send(name, data as unknown as object, { ...jobTiming, singletonKey, ...(runAt ? { startAfter: runAt } : {}), db: engineDb(q) });

  /** Settles a held job in one transaction: `then` runs after the ownership check, on the same connection. */
  const settle = async (id: string, then: (q: Queryable, job: Held) => Promise<unknown>) => {
    const job = held.get(id);
    held.delete(id);
    if (!job) return;
    await tx(db, async (t) => {
      const q = postgresQueryable(t);
      if (await stillOurs(q, id, job)) await then(q, job);
    });
  };

  /** The waiting job with this key, locked for the caller's transaction. */
  const waitingByKey = async (q: Queryable, key: string) => {
    const { rows } = (await q.query(`SELECT name, id, data FROM ${SCHEMA}.job WHERE singleton_key = $1 AND state IN ('created', 'retry') LIMIT 1 FOR UPDATE`, [
      key,
    ])) as { rows: { name: string; id: string; data: Envelope }[] };
    return rows[0];
  };

  return {
    async start() {
      await started();
    },
    async stop() {
      stopped = true;
      if (starting) {
        await starting.catch(() => undefined);
        starting = null;
        queues.clear();
        await boss.stop({ close: false });
      }
      const ending = own;
      own = null;
      await ending?.end();
    },
    async schedule(kind, cron, uniqueKey) {
      await ensureQueue(kind);
      const data: Envelope = { payload: {}, priorAttempts: 0 };
      await boss.schedule(kind, cron, data, { ...jobTiming, singletonKey: uniqueKey ?? kind, tz: 'UTC' });
    },
    async schedules() {
      await started();
      const rows = (await boss.getSchedules()) as { name: string; cron: string }[];
      return rows.map((r) => ({ kind: r.name, cron: r.cron })).sort((a, b) => a.kind.localeCompare(b.kind));
    },
    async enqueue(job: NewJob, into?: DbOrTx) {
      await ensureQueue(job.kind);
      const key = job.uniqueKey ?? `job:${crypto.randomUUID()}`;
      const write = async (t: Db) => {
        await lockFor(t, `job-key:${job.kind}:${key}`);
        const q = postgresQueryable(t);
        const { rows } = await q.query(
          `SELECT 1 FROM ${SCHEMA}.job WHERE name = $1 AND COALESCE(singleton_key, '') = $2 AND state <= 'active' AND policy = 'stately' LIMIT 1`,
          [job.kind, key],
        );
        if (rows.length) return null;
        return writeJob(q, job.kind, { payload: job.payload, priorAttempts: 0 }, key, job.runAt);
      };
      return into ? write(into) : tx(db, write);
    },
    async claim(kinds) {
      for (let i = 0; i < kinds.length; i++) {
        const name = kinds[(rotor + i) % kinds.length]!;
        await ensureQueue(name);
        const [job] = await boss.fetch<Envelope>(name, { includeMetadata: true, batchSize: 1 });
        if (!job) continue;
        // The next claim asks the next kind first, so one busy kind does not starve the others.
        rotor = (rotor + i + 1) % kinds.length;
        const data: Partial<Envelope> = job.data ?? {};
        const claimed: Held = {
          name,
          retryCount: job.retryCount,
          singletonKey: job.singletonKey ?? `job:${job.id}`,
          payload: data.payload ?? {},
          attempts: (data.priorAttempts ?? 0) + job.retryCount + 1,
        };
        held.set(job.id, claimed);
        return { id: job.id, kind: name, payload: claimed.payload, attempts: claimed.attempts, sliceEndsAt: Date.now() + opts.sliceMs } satisfies ClaimedJob;
      }
      return null;
    },
    // No lease to renew: the answer is whether the run still holds the job.
    async heartbeat(id) {
      const job = held.get(id);
      if (!job) return false;
      const found = await boss.getJobById(job.name, id);
      const ours = found?.state === 'active' && found.retryCount === job.retryCount;
      // A lost job is never settled by this run, so it is forgotten here.
      if (!ours) held.delete(id);
      return ours;
    },
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
    async reschedule(uniqueKey, runAt) {
      await started();
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
      await started();
      const cancel = async (t: Db) => {
        const q = postgresQueryable(t);
        const waiting = await waitingByKey(q, uniqueKey);
        if (!waiting) return false;
        const { affected } = (await boss.cancel(waiting.name, waiting.id, { db: engineDb(q) })) as unknown as { affected: number };
        return affected === 1;
      };
      return into ? cancel(into) : tx(db, cancel);
    },
    async hasDue(kinds) {
      if (!kinds.length) return false;
      await started();
      const { rows } = await pool.query(`SELECT 1 FROM ${SCHEMA}.job WHERE name = ANY($1) AND state < 'active' AND start_after < now() LIMIT 1`, [[...kinds]]);
      return rows.length > 0;
    },
    // Jobs pg-boss has archived (completed ones after its retention) are no longer listed.
    async jobsOf(kind) {
      await started();
      const { rows } = await pool.query<{ id: string; state: string }>(`SELECT id, state FROM ${SCHEMA}.job WHERE name = $1 ORDER BY created_on, id`, [kind]);
      return rows.map((r) => ({ id: r.id, status: STATUS_OF[r.state] ?? r.state }));
    },
    async counts() {
      await started();
      const { rows } = await pool.query<{ state: string; n: number }>(
        `SELECT state, count(*)::int AS n FROM ${SCHEMA}.job WHERE name NOT LIKE '\\_\\_pgboss\\_\\_%' GROUP BY state`,
      );
      const out: Record<string, number> = {};
      for (const r of rows) {
        const status = STATUS_OF[r.state] ?? r.state;
        out[status] = (out[status] ?? 0) + r.n;
      }
      return out;
    },
  };
}
