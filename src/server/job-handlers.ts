// Every kind of background job this process runs, and the domain function that runs it: the composition
// root's registry for the job worker (index.ts starts it; the CLI, benches and tests start theirs with it).
import type { Deps } from './context';
import { registerJobHandlers, type JobHandler, type JobHandlers } from './jobs/worker';
import { SEND_JOB } from './delivery/sends';
import { handleSendJob } from './delivery/runner';
import { productMailHandlers } from './onboarding/jobs';
import { SESSION_SWEEP_JOB, sweepExpired } from './startup';

export type JobDeps = Pick<Deps, 'db' | 'env' | 'log' | 'now' | 'auth'>;

/** The hourly sweep (sessions, API records) where it is the cluster's schedule (Postgres); the next tick tries again after a failure. */
const sweepSessions: JobHandler<JobDeps> = async (deps, queue, job, worker) => {
  try {
    await sweepExpired(deps);
    await queue.complete(job.id, worker);
  } catch (err) {
    deps.log.error('session sweep failed', err);
    await queue.fail(job.id, worker, err instanceof Error ? err.message : String(err));
  }
};

export const jobHandlers: JobHandlers<JobDeps> = registerJobHandlers<JobDeps>(
  { [SEND_JOB]: handleSendJob, [SESSION_SWEEP_JOB]: sweepSessions },
  productMailHandlers,
);
