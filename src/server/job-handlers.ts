// Every kind of background job this process runs, and the domain function that runs it: the composition
// root's registry for the job workers (index.ts starts two: deliveries of webhooks apart; the CLI, benches and
// tests start theirs with all of them).
import type { Deps } from './context';
import { registerJobHandlers, type JobHandler, type JobHandlers } from './jobs/worker';
import { SEND_JOB } from './delivery/sends';
import { handleSendJob } from './delivery/runner';
import { productMailHandlers } from './onboarding/jobs';
import { SESSION_SWEEP_JOB, sweepExpired } from './startup';
import { WEBHOOK_JOB } from './webhooks/emit';
import { deliverWebhook } from './webhooks/deliver';
import { recurringJobHandlers } from './recurring/jobs';
import { rollupJobHandlers } from './delivery/rollup';
import { welcomeJobHandlers } from './readers/welcome';

export type JobDeps = Pick<Deps, 'db' | 'env' | 'log' | 'now' | 'auth' | 'mailer' | 'queue' | 'ai' | 'delivery'>;

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

/** Webhook deliveries: index.ts runs them on a worker of their own (a slow endpoint never waits in front of a send). */
export const webhookJobHandlers: JobHandlers<JobDeps> = { [WEBHOOK_JOB]: deliverWebhook };

/** Everything but webhook deliveries. */
export const coreJobHandlers: JobHandlers<JobDeps> = registerJobHandlers<JobDeps>(
  { [SEND_JOB]: handleSendJob, [SESSION_SWEEP_JOB]: sweepSessions },
  productMailHandlers,
  recurringJobHandlers,
  rollupJobHandlers,
  welcomeJobHandlers,
);

/** Every kind (one worker for all: the CLI, benches and tests). */
export const jobHandlers: JobHandlers<JobDeps> = registerJobHandlers<JobDeps>(coreJobHandlers, webhookJobHandlers);
