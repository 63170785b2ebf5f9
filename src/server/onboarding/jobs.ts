// The product's own mail jobs on the delivery queue: 'onboarding-batch' (the onboarding steps now due,
// enqueued hourly under one unique key so it is never doubled) and 'product-newsletter' (one per sent
// product newsletter). Each handler holds its job's lease while it works and settles the job itself.
import type { Deps } from '../context';
import type { ClaimedJob, JobQueue } from '../jobs/queue';
import { runOnboardingBatch } from './schedule';
import { runProductNewsletter } from './product-news';
import { ONBOARDING_JOB, PRODUCT_NEWS_JOB } from './kinds';

export { ONBOARDING_JOB, PRODUCT_NEWS_JOB };

export type JobDeps = Pick<Deps, 'db' | 'env' | 'log' | 'now'>;
/** Runs one claimed job and completes or fails it on the queue. */
export type JobHandler = (deps: JobDeps, queue: JobQueue, job: ClaimedJob, worker: string, leaseMs: number) => Promise<unknown>;

/** Retries after 1, 2, 4 ... at most 30 minutes; a job that failed this often ends as failed. */
const MAX_ATTEMPTS = 8;
const retryDelayMs = (attempt: number) => Math.min(60_000 * 2 ** Math.max(0, attempt - 1), 30 * 60_000);

/**
 * Heartbeats the lease while `work` runs; `owned()` turns false when the lease was lost or the job's slice
 * is over (stop then). A run stopped by its slice hands the rest to a continuation of the job.
 */
function leased(work: (deps: JobDeps, job: ClaimedJob, owned: () => boolean) => Promise<void>, label: string): JobHandler {
  return async (deps, queue, job, worker, leaseMs) => {
    let owned = true;
    const sliceOver = () => job.sliceEndsAt !== undefined && Date.now() >= job.sliceEndsAt;
    const beat = setInterval(
      () => {
        // A heartbeat that fails is logged; the next one tells whether the lease is still ours.
        void queue.heartbeat(job.id, worker, leaseMs).then(
          (ok) => (owned = ok),
          (err: unknown) => deps.log.warn(`${label} job ${job.id}: heartbeat failed: ${err instanceof Error ? err.message : String(err)}`),
        );
      },
      Math.max(200, Math.floor(leaseMs / 3)),
    );
    beat.unref();
    try {
      await work(deps, job, () => owned && !sliceOver());
      if (owned && sliceOver()) await queue.continue(job.id, worker);
      else if (owned) await queue.complete(job.id, worker);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      deps.log.error(`${label} job ${job.id} failed (attempt ${job.attempts})`, err);
      await queue.fail(job.id, worker, message, job.attempts < MAX_ATTEMPTS ? new Date(deps.now().getTime() + retryDelayMs(job.attempts)) : undefined);
    } finally {
      clearInterval(beat);
    }
  };
}

export const productMailHandlers: Record<string, JobHandler> = {
  [ONBOARDING_JOB]: leased((deps, _job, owned) => runOnboardingBatch(deps, { owned }).then(() => undefined), 'onboarding'),
  [PRODUCT_NEWS_JOB]: leased((deps, job, owned) => runProductNewsletter(deps, String(job.payload.newsletterId ?? ''), { owned }), 'product newsletter'),
};
