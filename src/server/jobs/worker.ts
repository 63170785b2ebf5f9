// The delivery worker: polls the queue for due jobs of the kinds it has a handler for (issue sends, the
// onboarding batch, product newsletters) and runs them, a few at a time; each handler holds its job's
// lease while it works and settles the job. Started by the server (index.ts); tests and the CLI can run it too.
import crypto from 'node:crypto';
import type { ClaimedJob, JobQueue } from './queue';
import { SEND_JOB } from '../delivery/sends';
import { handleSendJob, type RunnerDeps } from '../delivery/runner';
import { productMailHandlers } from '../onboarding/jobs';

/** Runs one claimed job and completes or fails it on the queue. */
export type JobHandler = (deps: RunnerDeps, queue: JobQueue, job: ClaimedJob, worker: string, leaseMs: number) => Promise<unknown>;

/** Every job kind this process can run, and its handler. */
export const defaultHandlers: Record<string, JobHandler> = {
  [SEND_JOB]: handleSendJob,
  ...productMailHandlers,
};

export interface WorkerOptions {
  /** How often to look for due jobs. */
  pollMs?: number;
  /** How long a claimed job stays ours without a heartbeat (a dead process's jobs wait this long). */
  leaseMs?: number;
  /** Jobs run at once by this process. */
  concurrency?: number;
  /** The job kinds to claim and their handlers (default: all of them). */
  handlers?: Record<string, JobHandler>;
}

export interface DeliveryWorker {
  readonly id: string;
  /** Looks for work now (after a send is created) instead of at the next poll. */
  kick(): void;
  /** Stops claiming; resolves when the running jobs have settled. */
  stop(): Promise<void>;
  /** Resolves when no job is running and none is due (tests). */
  idle(): Promise<void>;
}

export function startDeliveryWorker(deps: RunnerDeps, queue: JobQueue, opts: WorkerOptions = {}): DeliveryWorker {
  const id = `${process.pid}-${crypto.randomUUID().slice(0, 8)}`;
  const pollMs = opts.pollMs ?? 1000;
  const leaseMs = opts.leaseMs ?? 30_000;
  const concurrency = opts.concurrency ?? 2;
  const handlers = opts.handlers ?? defaultHandlers;
  const kinds = Object.keys(handlers);
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  let waiters: (() => void)[] = [];

  const settleIdle = () => {
    if (running.size || queue.hasDue(kinds)) return;
    waiters.forEach((w) => w());
    waiters = [];
  };

  const pump = () => {
    while (!stopped && running.size < concurrency) {
      let job;
      try {
        job = queue.claim(kinds, id, leaseMs);
      } catch (err) {
        deps.log.error('delivery queue claim failed', err);
        return;
      }
      if (!job) break;
      const handler = handlers[job.kind]!;
      const p = handler(deps, queue, job, id, leaseMs).finally(() => {
        running.delete(p);
        setImmediate(pump);
      });
      running.add(p);
    }
    if (waiters.length) settleIdle();
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
