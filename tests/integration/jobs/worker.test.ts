// The job worker runs exactly the handlers the composition root registered: a registered kind is claimed,
// run and settled; a kind nobody registered stays queued for a process that runs it; a kind registered
// twice is refused at start-up; a handler that throws does not take the process down. The product's own
// registry carries issue sends, the product mail jobs and the cluster's session sweep.
// @postgres
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness } from '../../helpers/app';
import { registerJobHandlers, startJobWorker, type JobHandler, type JobWorker } from '../../../src/server/jobs/worker';
import { coreJobHandlers, jobHandlers, webhookJobHandlers } from '../../../src/server/job-handlers';
import { WEBHOOK_JOB } from '../../../src/server/webhooks/emit';
import { SEND_JOB } from '../../../src/server/delivery/sends';
import { ONBOARDING_JOB, PRODUCT_NEWS_JOB } from '../../../src/server/onboarding/kinds';
import { SESSION_SWEEP_JOB } from '../../../src/server/startup';
import { ROLLUP_JOB, ROLLUP_TICK_JOB } from '../../../src/server/delivery/rollup';
import { WELCOME_JOB } from '../../../src/server/readers/welcome';
import { RECURRING_DEADLINE_JOB, RECURRING_RUN_JOB, RECURRING_TICK_JOB } from '../../../src/server/recurring/kinds';

const workers: JobWorker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});

describe('job worker', () => {
  it('runs a registered kind with the deps it was started with, and leaves other kinds queued', async () => {
    const h = await createHarness();
    const seen: string[] = [];
    const echo: JobHandler<{ log: typeof h.deps.log; tag: string }> = async (deps, queue, job, worker) => {
      seen.push(`${deps.tag}:${String(job.payload.n)}`);
      await queue.complete(job.id, worker);
    };
    const ran = (await h.deps.queue.enqueue({ kind: 'echo', payload: { n: 1 } }))!;
    const other = (await h.deps.queue.enqueue({ kind: 'not-registered', payload: {} }))!;
    const worker = startJobWorker({ log: h.deps.log, tag: 'probe' }, h.deps.queue, registerJobHandlers({ echo }), { pollMs: 10 });
    workers.push(worker);
    await worker.idle();
    expect(seen).toEqual(['probe:1']);
    expect(await h.deps.queue.jobsOf('echo')).toEqual([{ id: ran, status: 'done' }]);
    expect(await h.deps.queue.jobsOf('not-registered')).toEqual([{ id: other, status: 'queued' }]);
  });

  it('a handler that throws (its database went away) is logged, and the worker goes on; the job is left to its lease', async () => {
    const h = await createHarness();
    const errors: string[] = [];
    const seen: string[] = [];
    const boom: JobHandler<{ log: { error(m: string): void } }> = async () => {
      throw new Error('connection terminated');
    };
    const echo: JobHandler<{ log: { error(m: string): void } }> = async (_deps, queue, job, worker) => {
      seen.push(String(job.payload.n));
      await queue.complete(job.id, worker);
    };
    const failing = (await h.deps.queue.enqueue({ kind: 'boom', payload: {} }))!;
    await h.deps.queue.enqueue({ kind: 'echo', payload: { n: 1 } });
    const worker = startJobWorker({ log: { error: (m: string) => errors.push(m) } }, h.deps.queue, registerJobHandlers({ boom, echo }), {
      pollMs: 10,
      leaseMs: 60_000,
    });
    workers.push(worker);
    await worker.idle();
    expect(seen).toEqual(['1']);
    expect(errors).toEqual([`job ${failing} (boom) stopped without settling`]);
    expect(await h.deps.queue.jobsOf('boom')).toEqual([{ id: failing, status: 'running' }]);
  });

  it('a claim already asked of the queue when the worker stops: stop waits for the job it brings, so nothing runs after stop', async () => {
    const h = await createHarness();
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    // The first claim waits (a busy connection pool), so the job enqueued meanwhile is due when it runs.
    let first = true;
    const queue = {
      ...h.deps.queue,
      claim: async (...args: Parameters<typeof h.deps.queue.claim>) => {
        if (first) {
          first = false;
          await gate;
        }
        return h.deps.queue.claim(...args);
      },
    };
    const finished: string[] = [];
    const echo: JobHandler<unknown> = async (_deps, q, job, worker) => {
      await new Promise((r) => setTimeout(r, 50));
      await q.complete(job.id, worker);
      finished.push(String(job.payload.n));
    };
    const worker = startJobWorker({ log: h.deps.log }, queue, registerJobHandlers({ echo }), { pollMs: 10 });
    await new Promise((r) => setTimeout(r, 20));
    const id = (await h.deps.queue.enqueue({ kind: 'echo', payload: { n: 1 } }))!;
    const stopped = worker.stop();
    open();
    await stopped;
    expect(finished).toEqual(['1']);
    expect(await h.deps.queue.jobsOf('echo')).toEqual([{ id, status: 'done' }]);
  });

  it('refuses a kind registered twice', () => {
    const a: JobHandler<unknown> = async () => undefined;
    expect(() => registerJobHandlers({ twice: a }, { twice: a })).toThrow("Job kind 'twice' is registered twice");
  });

  it("the product's registry runs issue sends, recurring issues, readers' welcome mails and weekly roll-ups, the onboarding batch, product newsletters and webhook deliveries (these on a worker of their own)", () => {
    expect(Object.keys(jobHandlers).sort()).toEqual(
      [
        ONBOARDING_JOB,
        PRODUCT_NEWS_JOB,
        SEND_JOB,
        SESSION_SWEEP_JOB,
        WEBHOOK_JOB,
        RECURRING_TICK_JOB,
        RECURRING_RUN_JOB,
        RECURRING_DEADLINE_JOB,
        ROLLUP_TICK_JOB,
        ROLLUP_JOB,
        WELCOME_JOB,
      ].sort(),
    );
    expect(Object.keys(webhookJobHandlers)).toEqual([WEBHOOK_JOB]);
    expect(Object.keys(coreJobHandlers)).not.toContain(WEBHOOK_JOB);
  });
});
