// The recurring jobs on the queue: the minute tick (a cluster schedule on Postgres), a run, and the
// deadline of an unanswered approval. Each settles its own job; an unexpected error retries the job
// (a run that already ended does nothing when repeated).
import type { JobHandler } from '../jobs/worker';
import { enqueueDueRuns } from './tick';
import { executeRun, type RunDeps } from './run';
import { sendAtDeadline } from './approve';
import { RECURRING_DEADLINE_JOB, RECURRING_RUN_JOB, RECURRING_TICK_JOB } from './kinds';

const MAX_ATTEMPTS = 5;

function settled(work: (deps: RunDeps, payload: Record<string, unknown>) => Promise<unknown>, label: string): JobHandler<RunDeps> {
  return async (deps, queue, job, worker) => {
    try {
      await work(deps, job.payload);
      await queue.complete(job.id, worker);
    } catch (err) {
      deps.log.error(`${label} job ${job.id} failed (attempt ${job.attempts})`, err);
      const retryAt = job.attempts < MAX_ATTEMPTS ? new Date(deps.now().getTime() + 60_000 * 2 ** (job.attempts - 1)) : undefined;
      await queue.fail(job.id, worker, err instanceof Error ? err.message : String(err), retryAt);
    }
  };
}

export const recurringJobHandlers: Record<string, JobHandler<RunDeps>> = {
  [RECURRING_TICK_JOB]: settled((deps) => enqueueDueRuns(deps), 'recurring tick'),
  [RECURRING_RUN_JOB]: settled((deps, p) => executeRun(deps, String(p.runId ?? '')), 'recurring run'),
  [RECURRING_DEADLINE_JOB]: settled((deps, p) => sendAtDeadline(deps, String(p.runId ?? '')), 'recurring deadline'),
};
