// The steps of one run of an issue send (runner.ts puts them in order): start (snapshot) under the
// send's lock, put in-doubt recipients back, take a chunk, hand its batches to the chain and record each
// recipient's outcome, move a subject test on once nothing is pending, give back what was marked but not
// handed over, and settle the send's status by its counts.
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Deps } from '../context';
import { emitWebhook } from '../webhooks/emit';
import { tx, type Db, type DbOrTx } from '../db';
import { locks } from '../locks';
import { issueSends, sendRecipients, type IssueSendRow, type SendRecipientRow } from '../../../db/schema';
import { markNewsletter } from '../newsletter/drafts';
import type { JobQueue } from '../jobs/queue';
import { chainFor, type ChainEntry } from '../mail/chain';
import { deliver, type DeliveredMessage } from '../mail/deliver';
import { Pace } from '../mail/pace';
import { advanceTest, type TestStep } from './subject-test';
import { buildMessage, prepareIssue, type PreparedIssue } from './message';
import { deliverable, snapshotRecipients } from './recipients';

export type RunnerDeps = Pick<Deps, 'db' | 'env' | 'log' | 'now'>;
/** A run also tells the account's webhooks (send.started, send.completed, send.failed), through the queue. */
export type RunDeps = RunnerDeps & { queue: JobQueue };

/** Recipients taken from the database at a time (then split into provider batches). */
const CHUNK = 500;
/** A recipient a provider turned away this many times (temporary refusals) is marked failed. */
const MAX_ATTEMPTS = 5;

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

const statementsByDb = new WeakMap<Db, ReturnType<typeof outcomeStatements>>();
function statementsFor(db: Db) {
  let st = statementsByDb.get(db);
  if (!st) statementsByDb.set(db, (st = outcomeStatements(db)));
  return st;
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

const readSend = async (t: DbOrTx, sendId: string) => (await t.select().from(issueSends).where(eq(issueSends.id, sendId)))[0];

/**
 * The send as this run starts it, or null when it is over (canceled, sent, failed) or gone. The status
 * check and the snapshot it calls for are one transaction, under the send's lock: nothing changes the
 * send between, and a second run waits and finds it snapshotted.
 */
export function startRun(deps: RunDeps, sendId: string): Promise<IssueSendRow | null> {
  return tx(deps.db, async (t) => {
    await locks.send(t, sendId);
    const row = await readSend(t, sendId);
    if (!row || row.status === 'canceled' || row.status === 'sent' || row.status === 'failed') return null;
    if (row.status !== 'scheduled' && row.startedAt) return row;
    const total = await snapshotRecipients(t, row, deps.now());
    if (row.newsletterId) await markNewsletter(t, row.newsletterId, 'sent');
    await emitWebhook(deps, row.userId, 'send.started', { sendId: row.id, publicationId: row.publicationId, subject: row.subject, recipients: total }, t);
    return (await readSend(t, sendId))!;
  });
}

/** Recipients handed to a provider by a run that died: their outcome is unknown, so they go again. */
export async function requeueInDoubt(db: Db, sendId: string): Promise<void> {
  await db
    .update(sendRecipients)
    .set({ status: 'pending' })
    .where(and(eq(sendRecipients.sendId, sendId), eq(sendRecipients.status, 'sending')));
}

/** What every batch of a run uses: the chain, the issue's shared parts, and the lead provider's pace, batch size and lanes. */
export interface RunKit {
  chain: ChainEntry[];
  prepared: PreparedIssue;
  pace: Pace;
  batchSize: number;
  lanes: number;
}

export async function runKit(deps: RunnerDeps, send: IssueSendRow): Promise<RunKit> {
  const chain = await chainFor(deps, send.userId);
  const prepared = await prepareIssue(deps, send);
  const lead = chain[0]!.transport;
  return { chain, prepared, pace: new Pace(lead.ratePerSecond), batchSize: Math.max(1, lead.maxBatch), lanes: Math.max(1, lead.concurrency) };
}

/** A chunk taken: the recipients to hand over now, and which of them want plain text. */
export type Chunk = { ready: SendRecipientRow[]; textOnly: Set<number> };

/**
 * The next chunk, or null when nothing is pending. Taking it (read the pending ones, drop those who no
 * longer want it, mark the rest 'sending') is one transaction under the send's lock, so the rows marked
 * are exactly the rows read and no other run of the send (one resumed while this one still works)
 * takes them too.
 */
export function takeChunk(deps: RunnerDeps, send: IssueSendRow): Promise<Chunk | null> {
  return tx(deps.db, async (t) => {
    await locks.send(t, send.id);
    const chunk = await t
      .select()
      .from(sendRecipients)
      .where(and(eq(sendRecipients.sendId, send.id), eq(sendRecipients.status, 'pending')))
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
}

/**
 * Nothing pending: a subject test may now wait, or release the rest with the winner's subject (the
 * send then re-read, the winner's subject on its row). Under the send's lock.
 */
export function testStep(deps: RunnerDeps, sendId: string): Promise<{ next: TestStep; row: IssueSendRow }> {
  return tx(deps.db, async (t) => {
    await locks.send(t, sendId);
    const row = (await readSend(t, sendId))!;
    const next = await advanceTest(t, row, deps.now());
    return { next, row: next.kind === 'released' ? (await readSend(t, sendId))! : row };
  });
}

/** Records each recipient's outcome of a delivered batch: accepted ones per provider in one statement, refusals retried or failed. */
export async function recordOutcomes(db: Db, batch: SendRecipientRow[], results: DeliveredMessage[], at: Date): Promise<void> {
  const { markFailed, markRetry } = statementsFor(db);
  const accepted = new Map<string, { id: number; messageId: string | null | undefined }[]>();
  for (let i = 0; i < results.length; i++) {
    const { result: res, entry } = results[i]!;
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

/**
 * Hands one batch to the chain (each provider gets its retries with backoff, then the next takes over:
 * mail/deliver.ts). When every provider fails, `run.outage` is set at once (no other lane starts a batch)
 * and the batch is put back; otherwise each recipient's outcome is recorded.
 */
export async function deliverBatch(
  deps: RunnerDeps,
  kit: RunKit,
  send: IssueSendRow,
  batch: SendRecipientRow[],
  textOnly: Set<number>,
  run: { outage: string | null },
): Promise<void> {
  const messages = batch.map((r) => buildMessage(deps, send, kit.prepared, r, { textOnly: textOnly.has(r.id) }));
  await kit.pace.take(messages.length);
  const outcome = await deliver(kit.chain, messages, { log: (l) => deps.log.warn(l) });
  if (outcome.outage) {
    run.outage = outcome.outage;
    const { markPending } = statementsFor(deps.db);
    for (const r of batch) await markPending.execute({ id: r.id });
    return;
  }
  await recordOutcomes(deps.db, batch, outcome.results, deps.now());
}

/** Anything this run marked but did not hand over goes back, its attempt given back, so the next run picks it up. */
export async function giveBack(db: Db, sendId: string): Promise<void> {
  await db
    .update(sendRecipients)
    .set({ status: 'pending', attempts: sql`${sendRecipients.attempts} - 1` })
    .where(and(eq(sendRecipients.sendId, sendId), eq(sendRecipients.status, 'sending')));
}

/** A run ended by an outage: the send keeps the error for the creator to see. */
export async function noteOutage(db: Db, sendId: string, outage: string): Promise<void> {
  await db
    .update(issueSends)
    .set({ lastError: outage.slice(0, 1000) })
    .where(eq(issueSends.id, sendId));
}

/** The final status follows the counts (failed when nobody was sent it), both in one transaction; the webhooks hear of it. */
export async function finishSend(deps: RunDeps, sendId: string): Promise<{ sent: number; all: number }> {
  const counts = await tx(deps.db, async (t) => {
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
  return { sent: counts?.sent ?? 0, all: counts?.all ?? 0 };
}
