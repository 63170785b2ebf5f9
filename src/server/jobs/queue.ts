// The durable job queue: the interface the sender sees, and its SQLite implementation. Jobs are rows
// written in the caller's transaction (so a send and its job exist together or not at all); a worker
// claims a due job with a lease it renews while working; a lease that runs out (the process died) makes
// the job claimable again. In Postgres mode pg-boss sits behind the same interface (pg-boss-queue.ts).
import crypto from 'node:crypto';
import { and, count, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { affectedRows, type Db, type DbOrTx } from '../db';
import { jobs } from '../../../db/schema';

export interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
  runAt?: Date;
  /** At most one unfinished job per key. */
  uniqueKey?: string;
}

export interface ClaimedJob {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  /** How many times the job has been claimed, this time included. */
  attempts: number;
  /**
   * Set when the queue cannot extend a claim (pg-boss has no heartbeat): the run must settle the job by
   * then, handing long work over with `continue()`, or the job expires and runs again elsewhere.
   */
  sliceEndsAt?: number;
}

export interface JobQueue {
  /**
   * Adds a job inside `tx` when given (the caller's transaction). Returns its id, or null when an
   * unfinished job already holds its unique key.
   */
  enqueue(job: NewJob, tx?: DbOrTx): Promise<string | null>;
  /** The next due job of these kinds, leased to `worker` for `leaseMs`; null when none is due. */
  claim(kinds: readonly string[], worker: string, leaseMs: number): Promise<ClaimedJob | null>;
  /** Renews the lease; false when the job is no longer this worker's (it must stop). */
  heartbeat(id: string, worker: string, leaseMs: number): Promise<boolean>;
  complete(id: string, worker: string): Promise<void>;
  /** Ends this run and queues the rest of the job's work (same kind, payload and unique key) to run at `runAt` (now). */
  continue(id: string, worker: string, runAt?: Date): Promise<void>;
  /** Puts the job back for a later run (`retryAt`), or ends it as failed when `retryAt` is omitted. */
  fail(id: string, worker: string, error: string, retryAt?: Date): Promise<void>;
  /** Moves an unfinished job with this key to run at `runAt` (a "retry now"); false when there is none. */
  reschedule(uniqueKey: string, runAt: Date): Promise<boolean>;
  /**
   * Cancels an unfinished job that is not running; given the caller's transaction (`tx`), the cancel is
   * part of it, so the caller's own write and the cancel land together or not at all.
   */
  cancel(uniqueKey: string, tx?: DbOrTx): Promise<boolean>;
  /** Whether a job of these kinds is due now (queued and due, or running on an expired lease). */
  hasDue(kinds: readonly string[]): Promise<boolean>;
  counts(): Promise<Record<string, number>>;
  /**
   * The jobs of one kind, oldest first, each with its status (queued, running, done, failed, canceled):
   * what an operator, or a test of either queue, reads about a kind's runs. A continuation or a later
   * retry counts as a job of its own where the queue writes one (pg-boss).
   */
  jobsOf(kind: string): Promise<{ id: string; status: string }[]>;
  /** Connects the job engine (pg-boss); absent where the queue is a table of the app's own database. */
  start?(): Promise<void>;
  stop?(): Promise<void>;
  /**
   * Runs `kind` on a cron schedule once per tick for the whole cluster (pg-boss); absent where each
   * process keeps its own timers (SQLite: one process).
   */
  schedule?(kind: string, cron: string, uniqueKey?: string): Promise<void>;
  /** The schedules registered with `schedule`, by kind. */
  schedules?(): Promise<{ kind: string; cron: string }[]>;
}

type Now = () => Date;

/**
 * The claim's statements for a list of kinds, prepared once per list (a worker asks with the same list
 * every poll). Due: queued and due, or running on a lease that ran out (its worker died).
 */
export function claimStatements(db: Db) {
  const nowParam = sql.placeholder('now');
  const due = (kinds: readonly string[]) =>
    and(
      inArray(jobs.kind, [...kinds]),
      or(and(eq(jobs.status, 'queued'), lte(jobs.runAt, nowParam)), and(eq(jobs.status, 'running'), lt(jobs.leaseUntil, nowParam))),
    );
  const statementsFor = (kinds: readonly string[]) => ({
    due: db.select({ id: jobs.id }).from(jobs).where(due(kinds)).limit(1).prepare(),
    claim: db
      .update(jobs)
      .set({
        status: 'running',
        worker: sql`${sql.placeholder('worker')}`,
        leaseUntil: sql`${sql.placeholder('until')}`,
        attempts: sql`${jobs.attempts} + 1`,
        updatedAt: sql`${nowParam}`,
      })
      .where(eq(jobs.id, db.select({ id: jobs.id }).from(jobs).where(due(kinds)).orderBy(jobs.runAt, jobs.createdAt).limit(1)))
      .returning({ id: jobs.id, kind: jobs.kind, payload: jobs.payload, attempts: jobs.attempts })
      .prepare(),
  });
  const prepared = new Map<string, ReturnType<typeof statementsFor>>();
  return (kinds: readonly string[]) => {
    const key = JSON.stringify(kinds);
    let st = prepared.get(key);
    if (!st) prepared.set(key, (st = statementsFor(kinds)));
    return st;
  };
}

/** Whether a job is due, and claiming the earliest due one. */
export function sqliteClaimMethods(db: Db, now: Now): Pick<JobQueue, 'hasDue' | 'claim'> {
  const statements = claimStatements(db);
  return {
    async hasDue(kinds) {
      if (!kinds.length) return false;
      const rows = await statements(kinds).due.execute({ now: now().getTime() });
      return rows.length > 0;
    },
    async claim(kinds, worker, leaseMs) {
      if (!kinds.length) return null;
      const at = now().getTime();
      // One statement claims atomically: SQLite runs it under the write lock, so two workers (or two
      // processes on one file) never claim the same job.
      const [row] = await statements(kinds).claim.execute({ now: at, worker, until: at + leaseMs });
      return row ? { id: row.id, kind: row.kind, payload: row.payload, attempts: row.attempts } : null;
    },
  };
}

/** A claimed job's lease renewed and its run settled, each by the worker holding it only. */
export function sqliteSettleMethods(db: Db, now: Now): Pick<JobQueue, 'heartbeat' | 'complete' | 'continue' | 'fail'> {
  return {
    async heartbeat(id, worker, leaseMs) {
      const at = now().getTime();
      const res = await db
        .update(jobs)
        .set({ leaseUntil: at + leaseMs, updatedAt: at })
        .where(and(eq(jobs.id, id), eq(jobs.worker, worker), eq(jobs.status, 'running')));
      return affectedRows(res) === 1;
    },
    async complete(id, worker) {
      // The unique key is released so the same key can be used again later.
      await db
        .update(jobs)
        .set({ status: 'done', leaseUntil: null, uniqueKey: null, updatedAt: now().getTime() })
        .where(and(eq(jobs.id, id), eq(jobs.worker, worker)));
    },
    async continue(id, worker, runAt) {
      // A new slice is not a failed attempt: the count starts again.
      const at = now().getTime();
      await db
        .update(jobs)
        .set({ status: 'queued', runAt: runAt?.getTime() ?? at, leaseUntil: null, worker: null, attempts: 0, updatedAt: at })
        .where(and(eq(jobs.id, id), eq(jobs.worker, worker)));
    },
    async fail(id, worker, error, retryAt) {
      const at = now().getTime();
      await db
        .update(jobs)
        .set(
          retryAt
            ? { status: 'queued', runAt: retryAt.getTime(), leaseUntil: null, worker: null, lastError: error.slice(0, 1000), updatedAt: at }
            : { status: 'failed', leaseUntil: null, uniqueKey: null, lastError: error.slice(0, 1000), updatedAt: at },
        )
        .where(and(eq(jobs.id, id), eq(jobs.worker, worker)));
    },
  };
}

/** Queueing a job (at most one unfinished per key), and moving or canceling a key's waiting job. */
export function sqliteKeyedMethods(db: Db, now: Now): Pick<JobQueue, 'enqueue' | 'reschedule' | 'cancel'> {
  return {
    async enqueue(job, tx) {
      const at = now().getTime();
      const id = crypto.randomUUID();
      // The unique index holds only unfinished jobs' keys (a settled job gives its key up).
      const res = await (tx ?? db)
        .insert(jobs)
        .values({
          id,
          kind: job.kind,
          payload: job.payload,
          status: 'queued',
          runAt: job.runAt?.getTime() ?? at,
          uniqueKey: job.uniqueKey ?? null,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing({ target: jobs.uniqueKey });
      return affectedRows(res) === 1 ? id : null;
    },
    async reschedule(uniqueKey, runAt) {
      const res = await db
        .update(jobs)
        .set({ runAt: runAt.getTime(), updatedAt: now().getTime() })
        .where(and(eq(jobs.uniqueKey, uniqueKey), eq(jobs.status, 'queued')));
      return affectedRows(res) === 1;
    },
    async cancel(uniqueKey, tx) {
      const res = await (tx ?? db)
        .update(jobs)
        .set({ status: 'canceled', uniqueKey: null, updatedAt: now().getTime() })
        .where(and(eq(jobs.uniqueKey, uniqueKey), inArray(jobs.status, ['queued'])));
      return affectedRows(res) === 1;
    },
  };
}

export function createSqliteQueue(db: Db, now: Now = () => new Date()): JobQueue {
  return {
    ...sqliteClaimMethods(db, now),
    ...sqliteKeyedMethods(db, now),
    ...sqliteSettleMethods(db, now),
    async counts() {
      const rows = await db.select({ status: jobs.status, n: count() }).from(jobs).groupBy(jobs.status);
      return Object.fromEntries(rows.map((r) => [r.status, r.n]));
    },
    async jobsOf(kind) {
      return db.select({ id: jobs.id, status: jobs.status }).from(jobs).where(eq(jobs.kind, kind)).orderBy(jobs.createdAt, jobs.id);
    },
  };
}
