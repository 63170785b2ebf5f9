// Delivering one issue send: snapshot the recipients when delivery starts, then hand them to the
// account's provider chain in batches, recording each recipient's outcome the moment it is known.
// A crash leaves recipients 'pending' (never handed over) or 'sending' (handed over, outcome unknown);
// the next run resends both with the same Message-ID (see ARCHITECTURE.md on in-doubt messages).
// A chain that fails as a whole (outage, rate limit) puts the batch back and retries the job later.
// Where the queue cannot extend a claim (pg-boss), a run works until its slice ends, puts back what it
// marked but did not hand over, and the job continues as a new run.
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Deps } from '../context';
import { emitWebhook } from '../webhooks/emit';
import { tx, type Db } from '../db';
import { locks } from '../locks';
import { issueSends, sendRecipients, type IssueSendRow, type SendRecipientRow } from '../../../db/schema';
import { markNewsletter } from '../newsletter/drafts';
import type { JobQueue, ClaimedJob } from '../jobs/queue';
import { chainFor } from '../mail/chain';
import { deliver } from '../mail/deliver';
import { Pace } from '../mail/pace';
import { advanceTest } from './subject-test';
import { buildMessage, prepareIssue } from './message';
import { deliverable, snapshotRecipients } from './recipients';

export type RunnerDeps = Pick<Deps, 'db' | 'env' | 'log' | 'now'>;
/** A run also tells the account's webhooks (send.started, send.completed, send.failed), through the queue. */
type RunDeps = RunnerDeps & { queue: JobQueue };

/** Recipients taken from the database at a time (then split into provider batches). */
const CHUNK = 500;
/** A recipient a provider turned away this many times (temporary refusals) is marked failed. */
const MAX_ATTEMPTS = 5;
/** The longest a subject test's job sleeps during the wait before it looks again. */
export const WAIT_RECHECK_MS = 5 * 60_000;
/** Waits between runs while every provider fails: 30 s, 1 min, 2 min ... at most 15 min. */
export const outageDelayMs = (attempt: number) => Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 15 * 60_000);

export type RunOutcome = 'done' | 'retry' | 'lost' | 'canceled' | 'continue' | 'wait';

const ph = (name: string) => sql`${sql.placeholder(name)}`;

/**
 * The per-recipient outcome writes, prepared once per database: they run for every recipient of every
 * send, so they skip building the query each time.
 */
function outcomeStatements(db: Db) {
  const byId = eq(sendRecipients.id, sql.placeholder('id'));
  return {
    markFailed: db
      .update(sendRecipients)
      .set({ status: 'failed', provider: ph('provider'), error: ph('error') })
      .where(byId)
      .prepare(),
    markRetry: db
      .update(sendRecipients)
      .set({
        status: sql`CASE WHEN ${sendRecipients.attempts} >= ${sql.raw(String(MAX_ATTEMPTS))} THEN 'failed' ELSE 'pending' END`,
        provider: ph('provider'),
        error: ph('error'),
      })
      .where(byId)
      .prepare(),
    // An outage is not the recipient's fault: the attempt is given back.
    markPending: db
      .update(sendRecipients)
      .set({ status: 'pending', attempts: sql`${sendRecipients.attempts} - 1` })
      .where(byId)
      .prepare(),
  };
}
/**
 * Marks the recipients one provider accepted in one statement (each with its own Message-ID): a crash
 * leaves all of them marked or none, and a large send makes one round trip per batch, not per reader.
 */
async function markSent(db: Db, provider: string, at: Date, rows: { id: number; messageId: string | null | undefined }[]) {
  const messageIds = sql.join(
    rows.map((r) => sql`WHEN ${r.id} THEN ${r.messageId ?? null}`),
    sql` `,
  );
  await db
    .update(sendRecipients)
    .set({ status: 'sent', provider, providerMessageId: sql`CASE ${sendRecipients.id} ${messageIds} END`, sentAt: at, error: null })
    .where(
      inArray(
        sendRecipients.id,
        rows.map((r) => r.id),
      ),
    );
}

const statementsByDb = new WeakMap<Db, ReturnType<typeof outcomeStatements>>();
function statementsFor(db: Db) {
  let st = statementsByDb.get(db);
  if (!st) statementsByDb.set(db, (st = outcomeStatements(db)));
  return st;
}

/**
 * Runs (or resumes) one send while this worker holds the job's lease. Returns what the worker should
 * do with the job: done, retry later (every provider failed), lost (the lease went to someone else),
 * continue (the slice ended at `sliceEndsAt`, a wall-clock time, with recipients left),
 * wait (a subject test's groups are sent: run again at `runAt`, when the wait ends).
 */
export async function runSend(
  deps: RunDeps,
  sendId: string,
  opts: { keepLease: () => boolean; sliceEndsAt?: number; onProgress?: () => void | Promise<void> },
): Promise<{ outcome: RunOutcome; error?: string; runAt?: Date }> {
  const { db } = deps;
  // The status check and the snapshot it calls for in one transaction, under the send's lock: nothing
  // changes the send between, and a second run waits and finds it snapshotted.
  const started = await tx(db, async (t) => {
    await locks.send(t, sendId);
    const [row] = await t.select().from(issueSends).where(eq(issueSends.id, sendId));
    if (!row || row.status === 'canceled' || row.status === 'sent' || row.status === 'failed') return null;
    if (row.status !== 'scheduled' && row.startedAt) return row;
    const total = await snapshotRecipients(t, row, deps.now());
    if (row.newsletterId) await markNewsletter(t, row.newsletterId, 'sent');
    await emitWebhook(deps, row.userId, 'send.started', { sendId: row.id, publicationId: row.publicationId, subject: row.subject, recipients: total }, t);
    const [snapshotted] = await t.select().from(issueSends).where(eq(issueSends.id, sendId));
    return snapshotted!;
  });
  if (!started) return { outcome: 'canceled' };
  // Re-read when a subject test releases the rest of the list (the winner's subject is on the row).
  let send: IssueSendRow = started;
  // Recipients handed to a provider by a run that died: their outcome is unknown, so they go again.
  await db
    .update(sendRecipients)
    .set({ status: 'pending' })
    .where(and(eq(sendRecipients.sendId, sendId), eq(sendRecipients.status, 'sending')));

  const chain = await chainFor(deps, send.userId);
  const prepared = await prepareIssue(deps, send);
  const lead = chain[0]!;
  const pace = new Pace(lead.transport.ratePerSecond);
  const batchSize = Math.max(1, lead.transport.maxBatch);
  const lanes = Math.max(1, lead.transport.concurrency);
  const { markFailed, markRetry, markPending } = statementsFor(db);

  let outage = null as string | null;
  // Every run hands over at least one batch, so a short slice still moves the send forward.
  let progressed = false;
  const sliceOver = () => progressed && opts.sliceEndsAt !== undefined && Date.now() >= opts.sliceEndsAt;
  let sliced = false;
  for (;;) {
    if (!opts.keepLease()) return { outcome: 'lost' };
    if (sliceOver()) {
      sliced = true;
      break;
    }
    // Taking a chunk (read the pending ones, drop the suppressed, mark the rest 'sending') is one
    // transaction per chunk under the send's lock, so the rows marked are exactly the rows read and no
    // other run of the send (one resumed while this one still works) takes them too.
    const taken = await tx(db, async (t) => {
      await locks.send(t, sendId);
      const chunk = await t
        .select()
        .from(sendRecipients)
        .where(and(eq(sendRecipients.sendId, sendId), eq(sendRecipients.status, 'pending')))
        .orderBy(sendRecipients.id)
        .limit(CHUNK);
      if (!chunk.length) return null;
      const { ready, textOnly } = await deliverable(t, send, chunk, deps.now());
      if (ready.length) {
        await t
          .update(sendRecipients)
          .set({ status: 'sending', attempts: sql`${sendRecipients.attempts} + 1` })
          .where(
            inArray(
              sendRecipients.id,
              ready.map((r) => r.id),
            ),
          );
      }
      return { ready, textOnly };
    });
    if (!taken) {
      // Nothing pending: a subject test may now wait, or release the rest with the winner's subject.
      const step = await tx(db, async (t) => {
        await locks.send(t, sendId);
        const [row] = await t.select().from(issueSends).where(eq(issueSends.id, sendId));
        const next = await advanceTest(t, row!, deps.now());
        return { next, row: next.kind === 'released' ? (await t.select().from(issueSends).where(eq(issueSends.id, sendId)))[0]! : row! };
      });
      // The job looks again at least every WAIT_RECHECK_MS: a winner picked by hand while this run was
      // settling (its reschedule finds the job still running) then goes out within minutes, not hours.
      if (step.next.kind === 'wait') return { outcome: 'wait', runAt: new Date(Math.min(step.next.until.getTime(), deps.now().getTime() + WAIT_RECHECK_MS)) };
      if (step.next.kind === 'released') {
        send = step.row;
        continue;
      }
      break;
    }
    const { ready, textOnly } = taken;
    if (!ready.length) continue;

    const batches: SendRecipientRow[][] = [];
    for (let i = 0; i < ready.length; i += batchSize) batches.push(ready.slice(i, i + batchSize));
    let next = 0;
    const lane = async () => {
      // A batch is the unit of work: none starts once the lease is lost or the slice is over.
      while (next < batches.length && !outage && opts.keepLease() && !sliceOver()) {
        const batch = batches[next++]!;
        const messages = batch.map((r) => buildMessage(deps, send, prepared, r, { textOnly: textOnly.has(r.id) }));
        await pace.take(messages.length);
        // Each provider gets its retries with backoff, then the next takes over (mail/deliver.ts).
        const outcome = await deliver(chain, messages, { log: (l) => deps.log.warn(l) });
        if (outcome.outage) {
          outage = outcome.outage;
          for (const r of batch) await markPending.execute({ id: r.id });
        } else {
          const at = deps.now();
          const accepted = new Map<string, { id: number; messageId: string | null | undefined }[]>();
          for (let i = 0; i < outcome.results.length; i++) {
            const { result: res, entry } = outcome.results[i]!;
            const r = batch[i]!;
            const provider = entry?.kind ?? 'none';
            if (res.ok) {
              const rows = accepted.get(provider) ?? [];
              rows.push({ id: r.id, messageId: res.providerMessageId });
              accepted.set(provider, rows);
            } else if (res.retryable) await markRetry.execute({ provider, error: res.error.slice(0, 500), id: r.id });
            else await markFailed.execute({ provider, error: res.error.slice(0, 500), id: r.id });
          }
          for (const [provider, rows] of accepted) await markSent(db, provider, at, rows);
        }
        progressed = true;
        await opts.onProgress?.();
      }
    };
    await Promise.all(Array.from({ length: lanes }, lane));
    if (outage) break;
  }
  // Anything this run marked but did not hand over goes back, its attempt given back, so the next run picks it up.
  await db
    .update(sendRecipients)
    .set({ status: 'pending', attempts: sql`${sendRecipients.attempts} - 1` })
    .where(and(eq(sendRecipients.sendId, sendId), eq(sendRecipients.status, 'sending')));
  if (outage) {
    await db
      .update(issueSends)
      .set({ lastError: outage.slice(0, 1000) })
      .where(eq(issueSends.id, sendId));
    return { outcome: 'retry', error: outage };
  }
  if (sliced) return { outcome: 'continue' };
  // The final status follows the counts: both in one transaction.
  const counts = await tx(db, async (t) => {
    const [c] = await t
      .select({ sent: sql<number>`sum(CASE WHEN ${sendRecipients.status} = 'sent' THEN 1 ELSE 0 END)`.mapWith(Number), all: count() })
      .from(sendRecipients)
      .where(eq(sendRecipients.sendId, sendId));
    const failedAll = (c?.all ?? 0) > 0 && (c?.sent ?? 0) === 0;
    const [done] = await t
      .update(issueSends)
      .set({ status: failedAll ? 'failed' : 'sent', finishedAt: deps.now(), lastError: null })
      .where(eq(issueSends.id, sendId))
      .returning({ userId: issueSends.userId, publicationId: issueSends.publicationId, subject: issueSends.subject });
    if (done)
      await emitWebhook(
        deps,
        done.userId,
        failedAll ? 'send.failed' : 'send.completed',
        { sendId, publicationId: done.publicationId, subject: done.subject, recipients: c?.all ?? 0, sent: c?.sent ?? 0 },
        t,
      );
    return c;
  });
  deps.log.info(`issue send ${sendId} finished: ${counts?.sent ?? 0} of ${counts?.all ?? 0} sent`);
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
