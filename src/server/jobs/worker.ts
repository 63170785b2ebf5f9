// The job worker: polls the queue for due jobs of the kinds it was given handlers for and runs them, a few
// at a time; each handler holds its job's lease while it works and settles the job. It knows no job kind:
// the composition root registers them (src/server/job-handlers.ts, used by index.ts, the CLI and tests),
// so the queue never imports the domains whose work it carries.
import crypto from 'node:crypto';
import type { ClaimedJob, JobQueue } from './queue';

/** Runs one claimed job and completes or fails it on the queue. */
export type JobHandler<D> = (deps: D, queue: JobQueue, job: ClaimedJob, worker: string, leaseMs: number) => Promise<unknown>;

/** Job kind → its handler. */
export type JobHandlers<D> = Readonly<Record<string, JobHandler<D>>>;

/** What the worker itself needs of the deps its handlers get. */
interface WorkerDeps {
  log: { error(msg: string, err?: unknown): void };
}

/**
 * The registry: one map from every group of handlers. A kind registered twice is a wiring mistake (one
 * handler would silently win), so it throws at start-up instead.
 */
export function registerJobHandlers<D>(...groups: JobHandlers<D>[]): JobHandlers<D> {
  const out: Record<string, JobHandler<D>> = {};
  for (const group of groups)
    for (const [kind, handler] of Object.entries(group)) {
      if (kind in out) throw new Error(`Job kind '${kind}' is registered twice`);
      out[kind] = handler;
    }
  return out;
}

export interface WorkerOptions {
  /** How often to look for due jobs. */
  pollMs?: number;
  /** How long a claimed job stays ours without a heartbeat (a dead process's jobs wait this long). */
  leaseMs?: number;
  /** Jobs run at once by this process. */
  concurrency?: number;
}

export interface JobWorker {
  readonly id: string;
  /** Looks for work now (after a send is created) instead of at the next poll. */
  kick(): void;
  /** Stops claiming; resolves when the running jobs have settled. */
  stop(): Promise<void>;
  /** Resolves when no job is running and none is due (tests). */
  idle(): Promise<void>;
}

/** Claims only the kinds in `handlers`; jobs of other kinds stay queued for a process that runs them. */
export function startJobWorker<D extends WorkerDeps>(deps: D, queue: JobQueue, handlers: JobHandlers<D>, opts: WorkerOptions = {}): JobWorker {
  const id = `${process.pid}-${crypto.randomUUID().slice(0, 8)}`;
  const pollMs = opts.pollMs ?? 1000;
  const leaseMs = opts.leaseMs ?? 30_000;
  const concurrency = opts.concurrency ?? 2;
  const kinds = Object.keys(handlers);
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  let waiters: (() => void)[] = [];

  const settleIdle = async () => {
    if (running.size || (await queue.hasDue(kinds))) return;
    // A job may have been claimed while the queue was asked.
    if (running.size) return;
    waiters.forEach((w) => w());
    waiters = [];
  };

  // One claiming loop at a time: claims are awaited, and two loops would both see a free slot.
  let pumping: Promise<void> | null = null;
  let again = false;
  const pump = () => {
    if (pumping) {
      again = true;
      return;
    }
    pumping = claimWhileFree()
      .catch((err: unknown) => deps.log.error('job queue claim failed', err))
      .finally(() => {
        pumping = null;
        if (again) {
          again = false;
          setImmediate(pump);
        }
      });
  };

  let claims = 0;
  const claimWhileFree = async () => {
    while (!stopped && running.size < concurrency) {
      // Each claim holds the job under its own name: when a stalled run's lease runs out and this same
      // process claims the job again, the stalled run's heartbeat must fail, or both would do the work.
      const claimer = `${id}/${++claims}`;
      const job = await queue.claim(kinds, claimer, leaseMs);
      if (!job) break;
      const handler = handlers[job.kind]!;
      // A handler that throws has not settled its job (its database may have gone away): the job waits
      // for its lease to end and runs again, and this process goes on.
      const p = handler(deps, queue, job, claimer, leaseMs)
        .catch((err: unknown) => deps.log.error(`job ${job.id} (${job.kind}) stopped without settling`, err))
        .finally(() => {
          running.delete(p);
          setImmediate(pump);
        });
      running.add(p);
    }
    if (waiters.length) await settleIdle();
  };

  const timer = setInterval(pump, pollMs);
  timer.unref();
  setImmediate(pump);

  return {
    id,
    kick: () => setImmediate(pump),
    async stop() {
      stopped = true;
      clearInterval(timer);
      // A claim already asked of the queue may still bring a job: it runs, and stop waits for it too,
      // so nothing is claimed by this worker once stop has returned.
      await pumping;
      await Promise.allSettled([...running]);
    },
    idle() {
      return new Promise<void>((resolve) => {
        waiters.push(resolve);
        setImmediate(pump);
      });
    },
  };
}
