// The pg-boss engine behind Postgres mode's job queue (pg-boss-queue.ts): its own small pool, its start
// (once per process, taking turns with the other processes), its stop, and each kind's queue, created on
// first use. The engine's own work (its start, creating a queue, polling, maintenance, schedules) runs on
// that pool, never on the app's.
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { postgresQueryable } from '../db';

export const SCHEMA = 'pgboss';

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

export type Queryable = ReturnType<typeof postgresQueryable>;
/** pg-boss's view of a connection: its statements then run in that connection's transaction. */
export const engineDb = (q: Queryable): PgBoss.Db => ({ executeSql: (text, values) => q.query(text, values) });

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

/**
 * A pool of `max` connections to the same server, created on first use; `end()` ends it, and a later use
 * creates a new one. A pool's idle connection lost to the server must not surface as an unhandled error.
 */
export function lazyPool(options: pg.PoolConfig, max: number) {
  let own: pg.Pool | null = null;
  return {
    get(): pg.Pool {
      if (!own) {
        own = new pg.Pool({ ...options, max });
        own.on('error', () => {});
      }
      return own;
    },
    async end(): Promise<void> {
      const ending = own;
      own = null;
      await ending?.end();
    },
  };
}

/**
 * A start made once, by the first caller (a server's start fails fast; a script or test that queues a
 * job needs no wiring): a failed start is tried again by the next caller. Once stopped it stays stopped,
 * so a late call (a worker's last poll) does not start it again on connections nothing would end.
 */
export function startOnce(start: () => Promise<unknown>) {
  let starting: Promise<unknown> | null = null;
  let stopped = false;
  return {
    started(): Promise<unknown> {
      if (stopped) return Promise.reject(new Error('The job queue has stopped.'));
      return (starting ??= start().catch((err: unknown) => {
        starting = null;
        throw err;
      }));
    },
    /** Refuses later starts and waits for one under way; true when a start had been made (it is to be undone). */
    async stop(): Promise<boolean> {
      stopped = true;
      if (!starting) return false;
      await starting.catch(() => undefined);
      starting = null;
      return true;
    },
  };
}

/**
 * Runs `create` again when Postgres picked it as a deadlock victim (processes starting together create
 * the same queue at once; the next try finds the queue made), at most `tries` times in all.
 */
export async function retryOnDeadlock<T>(create: () => Promise<T>, tries = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await create();
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01' || attempt >= tries) throw err;
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 80));
    }
  }
}

/** Each kind's queue, made once by `create` on first use; a failed one is made again by the next use. */
export function queueRegistry(create: (name: string) => Promise<void>) {
  const queues = new Map<string, Promise<void>>();
  return {
    ensure(name: string): Promise<void> {
      let ready = queues.get(name);
      if (!ready) {
        ready = create(name);
        ready.catch(() => queues.delete(name));
        queues.set(name, ready);
      }
      return ready;
    },
    clear: () => queues.clear(),
  };
}

export interface Engine {
  boss: PgBoss;
  /** The engine's start, made once (see startOnce). */
  started(): Promise<unknown>;
  /** The kind's queue, created after the start on first use. */
  ensureQueue(name: string): Promise<void>;
  /**
   * What each job carries of this process's expiry and retries: a queue keeps the settings of whoever
   * created it first, and a changed QUEUE_LEASE_SECONDS must apply to the jobs written after it.
   */
  jobTiming: { expireInSeconds: number; retryLimit: number; retryDelay: number };
  stop(): Promise<void>;
}

export function createEngine(pool: pg.Pool, opts: PgBossQueueOptions): Engine {
  // A transaction that writes a job holds an app connection (and often an advisory lock) while the
  // engine starts or creates the job's queue: on the app's pool, N such transactions on a pool of N
  // would each wait for a connection none of them gives back, until the connect timeout (a 503). The
  // engine's own pool is created on first use and ended by stop().
  const own = lazyPool(pool.options, ENGINE_CONNECTIONS);
  const boss = new PgBoss({
    db: { executeSql: (text, values) => own.get().query(text, values) },
    schema: SCHEMA,
    maintenanceIntervalSeconds: opts.maintenanceSeconds,
    cronMonitorIntervalSeconds: opts.cronMonitorSeconds ?? 30,
    cronWorkerIntervalSeconds: opts.cronWorkerSeconds ?? 5,
  });
  boss.on('error', (err: Error) => opts.log.warn(`job engine: ${err.message}`));
  const retryLimit = opts.retryLimit ?? 10;
  const life = startOnce(() => startAlone(pool, () => boss.start()));
  const queues = queueRegistry((name) =>
    life
      .started()
      .then(() => retryOnDeadlock(() => boss.createQueue(name, { name, policy: 'stately', retryLimit, retryDelay: 0, expireInSeconds: opts.expireSeconds }))),
  );
  return {
    boss,
    started: life.started,
    ensureQueue: queues.ensure,
    jobTiming: { expireInSeconds: opts.expireSeconds, retryLimit, retryDelay: 0 },
    async stop() {
      if (await life.stop()) {
        queues.clear();
        await boss.stop({ close: false });
      }
      await own.end();
    },
  };
}
