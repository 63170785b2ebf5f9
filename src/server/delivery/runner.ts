// Delivering one issue send: snapshot the recipients when delivery starts, then hand them to the
// account's provider chain in batches, recording each recipient's outcome the moment it is known.
// A crash leaves recipients 'pending' (never handed over) or 'sending' (handed over, outcome unknown);
// the next run resends both with the same Message-ID (see ARCHITECTURE.md on in-doubt messages).
// A chain that fails as a whole (outage, rate limit) puts the batch back and retries the job later.
// Where the queue cannot extend a claim (pg-boss), a run works until its slice ends, puts back what it
// marked but did not hand over, and the job continues as a new run. The steps are run-steps.ts.
import type { IssueSendRow, SendRecipientRow } from '../../../db/schema';
import type { JobQueue, ClaimedJob } from '../jobs/queue';
import {
  deliverBatch,
  finishSend,
  giveBack,
  noteOutage,
  requeueInDoubt,
  runKit,
  startRun,
  takeChunk,
  testStep,
  type Chunk,
  type RunDeps,
  type RunKit,
  type RunnerDeps,
} from './run-steps';

export type { RunnerDeps } from './run-steps';

/** The longest a subject test's job sleeps during the wait before it looks again. */
export const WAIT_RECHECK_MS = 5 * 60_000;
/** Waits between runs while every provider fails: 30 s, 1 min, 2 min ... at most 15 min. */
export const outageDelayMs = (attempt: number) => Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 15 * 60_000);

export type RunOutcome = 'done' | 'retry' | 'lost' | 'canceled' | 'continue' | 'wait';

type RunOptions = { keepLease: () => boolean; sliceEndsAt?: number; onProgress?: () => void | Promise<void> };
/** What a run has found so far: an outage that stops it, whether it handed over a batch yet. */
type RunState = { outage: string | null; progressed: boolean };

/** The batches of a chunk; `lanes` of them are handed over at a time, none once the run may not go on. */
export function batchesOf(ready: SendRecipientRow[], batchSize: number): SendRecipientRow[][] {
  const batches: SendRecipientRow[][] = [];
  for (let i = 0; i < ready.length; i += batchSize) batches.push(ready.slice(i, i + batchSize));
  return batches;
}

/** Hands a chunk over, batch by batch in `kit.lanes` lanes: a batch is the unit of work, none starts once `mayGoOn()` says no or an outage came. */
async function deliverChunk(deps: RunnerDeps, kit: RunKit, send: IssueSendRow, chunk: Chunk, run: RunState, mayGoOn: () => boolean, opts: RunOptions) {
  const batches = batchesOf(chunk.ready, kit.batchSize);
  let next = 0;
  const lane = async () => {
    while (next < batches.length && !run.outage && mayGoOn()) {
      await deliverBatch(deps, kit, send, batches[next++]!, chunk.textOnly, run);
      run.progressed = true;
      await opts.onProgress?.();
    }
  };
  await Promise.all(Array.from({ length: kit.lanes }, lane));
}

/**
 * Runs (or resumes) one send while this worker holds the job's lease. Returns what the worker should
 * do with the job: done, retry later (every provider failed), lost (the lease went to someone else),
 * continue (the slice ended at `sliceEndsAt`, a wall-clock time, with recipients left),
 * wait (a subject test's groups are sent: run again at `runAt`, when the wait ends).
 */
export async function runSend(deps: RunDeps, sendId: string, opts: RunOptions): Promise<{ outcome: RunOutcome; error?: string; runAt?: Date }> {
  const started = await startRun(deps, sendId);
  if (!started) return { outcome: 'canceled' };
  // Re-read when a subject test releases the rest of the list (the winner's subject is on the row).
  let send: IssueSendRow = started;
  await requeueInDoubt(deps.db, sendId);
  const kit = await runKit(deps, send);
  const run: RunState = { outage: null, progressed: false };
  // Every run hands over at least one batch, so a short slice still moves the send forward.
  const sliceOver = () => run.progressed && opts.sliceEndsAt !== undefined && Date.now() >= opts.sliceEndsAt;
  let sliced = false;
  for (;;) {
    if (!opts.keepLease()) return { outcome: 'lost' };
    if (sliceOver()) {
      sliced = true;
      break;
    }
    const chunk = await takeChunk(deps, send);
    if (!chunk) {
      const step = await testStep(deps, sendId);
      // The job looks again at least every WAIT_RECHECK_MS: a winner picked by hand while this run was
      // settling (its reschedule finds the job still running) then goes out within minutes, not hours.
      if (step.next.kind === 'wait') return { outcome: 'wait', runAt: new Date(Math.min(step.next.until.getTime(), deps.now().getTime() + WAIT_RECHECK_MS)) };
      if (step.next.kind === 'released') {
        send = step.row;
        continue;
      }
      break;
    }
    if (!chunk.ready.length) continue;
    await deliverChunk(deps, kit, send, chunk, run, () => opts.keepLease() && !sliceOver(), opts);
    if (run.outage) break;
  }
  await giveBack(deps.db, sendId);
  if (run.outage) {
    await noteOutage(deps.db, sendId, run.outage);
    return { outcome: 'retry', error: run.outage };
  }
  if (sliced) return { outcome: 'continue' };
  await finishSend(deps, sendId);
  return { outcome: 'done' };
}

/** Handles one claimed job: runs the send and settles the job by the outcome. */
export async function handleSendJob(deps: RunnerDeps, queue: JobQueue, job: ClaimedJob, worker: string, leaseMs: number): Promise<RunOutcome> {
  const sendId = String(job.payload.sendId ?? '');
  let owned = true;
  // One renewal at a time: a beat still waiting for the database skips the next tick.
  let beating = false;
  const beat = setInterval(
    () => {
      if (beating) return;
      beating = true;
      void queue
        .heartbeat(job.id, worker, leaseMs)
        .then(
          (ok) => {
            owned = ok;
          },
          (err: unknown) => deps.log.warn(`issue send ${sendId}: lease renewal failed: ${(err as Error).message}`),
        )
        .finally(() => {
          beating = false;
        });
    },
    Math.max(200, Math.floor(leaseMs / 3)),
  );
  beat.unref();
  try {
    const { outcome, error, runAt } = await runSend({ ...deps, queue }, sendId, { keepLease: () => owned, sliceEndsAt: job.sliceEndsAt });
    if (outcome === 'done' || outcome === 'canceled') await queue.complete(job.id, worker);
    else if (outcome === 'continue') await queue.continue(job.id, worker);
    else if (outcome === 'wait') await queue.continue(job.id, worker, runAt);
    else if (outcome === 'retry') await queue.fail(job.id, worker, error ?? 'retry', new Date(deps.now().getTime() + outageDelayMs(job.attempts)));
    return outcome;
  } catch (err) {
    deps.log.error(`issue send ${sendId} stopped`, err);
    await queue.fail(job.id, worker, (err as Error).message ?? 'error', new Date(deps.now().getTime() + outageDelayMs(job.attempts)));
    return 'retry';
  } finally {
    clearInterval(beat);
  }
}
