// AI Magic generations as jobs: a row per generation whose output is stored as it streams, so a
// reload (or another tab) picks the text up where it is; the job keeps running when its watcher
// leaves. Watchers get the stored text, then each new piece, then the end: from the in-process hub when
// the generation runs in their process, else from the stored row, re-read whenever the running process
// announces new text on the bus (several processes on one Postgres database).
import crypto from 'node:crypto';
import { on } from 'node:events';
import { and, count, desc, eq, gt, inArray, notExists } from 'drizzle-orm';
import { affectedRows, tx, type Db, type DbOrTx } from '../db';
import { locks } from '../locks';
import type { Logger } from '../context';
import { aiJobs, serverProcesses, type AiJobRow } from '../../../db/schema';
import type { Bus } from '../bus';
import { goneBefore, isProcessAlive } from '../processes';
import { AppError } from '../errors';
import { AI_MSG, AI_KINDS, type AiArticle, type AiJob, type AiJobEvent, type AiKind } from '../../shared/schemas/ai';
import { streamChat } from './model';
import { BUILTIN, engineOf, type AiRuntime } from './runtime';
import { chooseModel, type AiModel } from './models';
import { consumeGeneration, requireAiTools } from './quota';
import { articleText, sourceRefs } from './sources';
import { prepare, writeBuiltin } from './builtin';
import { checkOutput, generationPrompt } from './prompts';

export interface AiCtx {
  db: Db;
  ai: AiRuntime;
  log: Logger;
  now: () => Date;
  user: { id: string; role?: unknown; planType?: unknown };
  /** Announces stored progress to watchers in other processes. */
  bus: Bus;
  /** The process running the generations started here (recorded on their rows). */
  processId: string;
}

/** Generations one user may have running at once. */
const MAX_RUNNING = 2;
/** Stored output is brought up to date at most this often while a model streams. */
const PERSIST_MS = 400;
/** A watcher in another process re-reads the row at least this often, in case an announcement was lost. */
const REMOTE_POLL_MS = 2_000;
export const INTERRUPTED = 'Interrupted by a server restart. The text written so far is kept; generate again for the rest.';

function toJob(row: AiJobRow, output = row.output): AiJob {
  return {
    id: row.id,
    kind: (AI_KINDS as readonly string[]).includes(row.kind) ? (row.kind as AiKind) : 'newsletter',
    topic: row.topic,
    status: row.status,
    engine: row.engine === BUILTIN.name ? BUILTIN : { kind: 'model', name: row.engine },
    output,
    sources: row.sources,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
  };
}

async function ownedJob(db: DbOrTx, userId: string, id: string): Promise<AiJobRow> {
  const [row] = await db
    .select()
    .from(aiJobs)
    .where(and(eq(aiJobs.id, id), eq(aiJobs.userId, userId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', AI_MSG.jobNotFound);
  return row;
}

export async function getJob(ctx: Pick<AiCtx, 'db' | 'ai' | 'user'>, id: string): Promise<AiJob> {
  const row = await ownedJob(ctx.db, ctx.user.id, id);
  return toJob(row, ctx.ai.live.get(id) ?? row.output);
}

export async function listJobs(ctx: Pick<AiCtx, 'db' | 'user'>): Promise<AiJob[]> {
  const rows = await ctx.db.select().from(aiJobs).where(eq(aiJobs.userId, ctx.user.id)).orderBy(desc(aiJobs.createdAt), desc(aiJobs.id)).limit(20);
  return rows.map((r) => toJob(r));
}

/** Starts a generation from the given articles; returns at once with the running job. */
export async function startGeneration(ctx: AiCtx, input: { kind: AiKind; topic: string; articles: AiArticle[]; model?: string }): Promise<AiJob> {
  requireAiTools(ctx.user);
  const model = chooseModel(ctx.ai.models, ctx.user, input.model);
  const texts: Parameters<typeof prepare>[0] = [];
  for (const article of input.articles) texts.push({ article, text: await articleText(ctx.db, article) });
  const engine = engineOf(model);
  const now = ctx.now();
  const row: AiJobRow = {
    id: crypto.randomUUID(),
    userId: ctx.user.id,
    kind: input.kind,
    topic: input.topic,
    engine: engine.name,
    sources: sourceRefs(input.articles),
    output: '',
    status: 'running',
    error: null,
    processId: ctx.processId,
    createdAt: now,
    updatedAt: now,
  };
  // The running-jobs cap is checked and the job counted with its row in one transaction, so parallel
  // starts cannot pass the cap together and a generation that never started is not counted.
  const { giveBack } = await tx(ctx.db, async (t) => {
    await locks.aiJobsOf(t, ctx.user.id);
    const [running] = await t
      .select({ n: count() })
      .from(aiJobs)
      .where(and(eq(aiJobs.userId, ctx.user.id), eq(aiJobs.status, 'running')));
    if ((running?.n ?? 0) >= MAX_RUNNING) throw new AppError('TOO_MANY_REQUESTS', 'Two generations are already running. Wait for one to finish.');
    const counted = await consumeGeneration(t, ctx.user, now, ctx.db);
    await t.insert(aiJobs).values(row);
    return counted;
  });
  ctx.ai.live.set(row.id, '');
  // Runs detached from the request: closing the page does not stop it.
  setImmediate(() => void runJob(ctx, row, model, texts, giveBack).catch((err: unknown) => ctx.log.error(`ai job ${row.id} failed`, err)));
  return toJob(row);
}

async function runJob(ctx: AiCtx, row: AiJobRow, model: AiModel | null, texts: Parameters<typeof prepare>[0], giveBack: () => Promise<void>) {
  const { ai, db } = ctx;
  let output = '';
  let persisted = 0;
  const emit = (e: AiJobEvent) => ai.hub.emit(row.id, e);
  // Watchers in other processes read the row; a lost announcement only delays them to their next poll.
  const announce = () =>
    ctx.bus.publish('curated_ai_jobs', { id: row.id }).catch((err: unknown) => ctx.log.error(`ai job ${row.id}: progress not announced`, err));
  const append = async (text: string) => {
    output += text;
    ai.live.set(row.id, output);
    emit({ type: 'delta', text });
    if (Date.now() - persisted > PERSIST_MS) {
      persisted = Date.now();
      await db.update(aiJobs).set({ output, updatedAt: ctx.now() }).where(eq(aiJobs.id, row.id));
      await announce();
    }
  };
  const controller = new AbortController();
  ai.controllers.set(row.id, controller);
  try {
    const prepared = prepare(texts);
    if (!model) await append(writeBuiltin(row.kind as AiKind, prepared, row.topic));
    else
      for await (const piece of streamChat(model.config, generationPrompt(row.kind as AiKind, prepared, row.topic), { signal: controller.signal }))
        await append(piece);
    const final = model ? checkOutput(output, row.sources) : output;
    await db.update(aiJobs).set({ output: final, status: 'done', updatedAt: ctx.now() }).where(eq(aiJobs.id, row.id));
    emit({ type: 'end', status: 'done', error: null, output: final });
  } catch (err) {
    const message = err instanceof AppError ? err.message : 'The generation failed.';
    if (!(err instanceof AppError)) ctx.log.error(`ai job ${row.id} failed`, err);
    // A failure of the AI service is not the creator's: the generation is not counted.
    await giveBack();
    await db.update(aiJobs).set({ output, status: 'failed', error: message, updatedAt: ctx.now() }).where(eq(aiJobs.id, row.id));
    emit({ type: 'end', status: 'failed', error: message, output });
  } finally {
    ai.live.delete(row.id);
    ai.controllers.delete(row.id);
  }
  // Once the job is no longer live here: until then this process serves its text from memory.
  await announce();
}

type WatchCtx = Pick<AiCtx, 'db' | 'ai' | 'user' | 'bus' | 'processId' | 'now'>;

/** The job as stored (with the text so far), then each new piece until it ends. */
export async function* watchJob(ctx: WatchCtx, id: string, signal?: AbortSignal): AsyncGenerator<AiJobEvent> {
  let row = await ownedJob(ctx.db, ctx.user.id, id);
  // A job that ended while its row was read is running in the row but no longer live: read it again.
  if (row.status === 'running' && !ctx.ai.live.has(id)) row = await ownedJob(ctx.db, ctx.user.id, id);
  if (row.status === 'running' && !ctx.ai.live.has(id) && row.processId !== ctx.processId && (await isProcessAlive(ctx.db, row.processId, ctx.now())))
    return yield* watchElsewhere(ctx, id, signal);
  // Listening starts before the snapshot is taken, in the same turn: no piece falls between the two.
  const events = row.status === 'running' && ctx.ai.live.has(id) ? on(ctx.ai.hub, id, { signal }) : null;
  const live = ctx.ai.live.get(id);
  yield { type: 'snapshot', job: toJob(row, live ?? row.output) };
  if (!events) {
    // Not running here: finished, or its process ended (marked at the next start).
    if (row.status === 'running' && live === undefined) yield { type: 'end', status: 'failed', error: INTERRUPTED, output: row.output };
    return;
  }
  try {
    for await (const [event] of events) {
      yield event as AiJobEvent;
      if ((event as AiJobEvent).type === 'end') return;
    }
  } catch (err) {
    if (signal?.aborted) return;
    throw err;
  }
}

/**
 * A generation running in another live process: the stored text, then what the row gains each time
 * that process announces progress (or at the latest every REMOTE_POLL_MS), then the end. A process that
 * goes away meanwhile ends it as interrupted.
 */
async function* watchElsewhere(ctx: WatchCtx, id: string, signal?: AbortSignal): AsyncGenerator<AiJobEvent> {
  const wake = wakeups();
  // Listening starts before the row is read: no announcement falls between the two.
  const stopListening = ctx.bus.subscribe('curated_ai_jobs', (msg) => {
    if (msg.id === id) wake.fire();
  });
  const stopReset = ctx.bus.onReset(wake.fire);
  try {
    let row = await ownedJob(ctx.db, ctx.user.id, id);
    yield { type: 'snapshot', job: toJob(row) };
    let sent = row.output;
    while (row.status === 'running') {
      const announced = await wake.next(REMOTE_POLL_MS, signal);
      if (signal?.aborted) return;
      row = await ownedJob(ctx.db, ctx.user.id, id);
      if (row.output.length > sent.length && row.output.startsWith(sent)) {
        yield { type: 'delta', text: row.output.slice(sent.length) };
        sent = row.output;
      }
      if (row.status === 'running' && !announced && !(await isProcessAlive(ctx.db, row.processId, ctx.now()))) {
        yield { type: 'end', status: 'failed', error: INTERRUPTED, output: row.output };
        return;
      }
    }
    yield { type: 'end', status: row.status === 'done' ? 'done' : 'failed', error: row.error, output: row.output };
  } finally {
    stopListening();
    stopReset();
  }
}

/** A wake-up that is not lost when it fires before anyone waits: `next` resolves true on one, false after `ms`. */
function wakeups() {
  let pending = false;
  let wakeWaiter: (() => void) | null = null;
  return {
    fire: () => {
      pending = true;
      wakeWaiter?.();
    },
    next(ms: number, signal?: AbortSignal): Promise<boolean> {
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          wakeWaiter = null;
          const fired = pending;
          pending = false;
          resolve(fired);
        };
        const timer = setTimeout(done, pending ? 0 : ms);
        wakeWaiter = done;
        signal?.addEventListener('abort', done, { once: true });
      });
    },
  };
}

/**
 * Generations left running by processes that are gone are marked as interrupted, their text kept:
 * 'all' running ones (SQLite's start-up: one process per file); 'of gone processes', those whose process
 * has not been seen for PROCESS_GONE_MS or is unknown (Postgres's start-up, while other live processes'
 * generations go on); or those of the given processes (a heartbeat that just found them gone).
 */
export async function markInterruptedJobs(db: DbOrTx, now: Date, only: 'all' | 'of gone processes' | { processIds: string[] } = 'all'): Promise<number> {
  const running = eq(aiJobs.status, 'running');
  let which = running;
  if (only === 'of gone processes') {
    const alive = db
      .select({ id: serverProcesses.id })
      .from(serverProcesses)
      .where(and(eq(serverProcesses.id, aiJobs.processId), gt(serverProcesses.lastSeenAt, goneBefore(now))));
    which = and(running, notExists(alive))!;
  } else if (only !== 'all') {
    if (only.processIds.length === 0) return 0;
    which = and(running, inArray(aiJobs.processId, only.processIds))!;
  }
  return affectedRows(await db.update(aiJobs).set({ status: 'failed', error: INTERRUPTED, updatedAt: now }).where(which));
}
