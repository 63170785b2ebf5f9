// AI Magic generations as jobs: a row per generation whose output is stored as it streams, so a
// reload (or another tab) picks the text up where it is; the job keeps running when its watcher
// leaves. Watchers get the stored text, then each new piece, then the end, through one in-process hub.
import crypto from 'node:crypto';
import { on } from 'node:events';
import { and, count, desc, eq } from 'drizzle-orm';
import { affectedRows, type Db } from '../db';
import type { Logger } from '../context';
import { aiJobs, type AiJobRow } from '../../../db/schema';
import { AppError } from '../errors';
import { AI_MSG, AI_KINDS, type AiArticle, type AiJob, type AiJobEvent, type AiKind } from '../../shared/schemas/ai';
import { streamChat } from './model';
import { BUILTIN, engineOf, type AiRuntime } from './runtime';
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
}

/** Generations one user may have running at once. */
const MAX_RUNNING = 2;
/** Stored output is brought up to date at most this often while a model streams. */
const PERSIST_MS = 400;
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

function ownedJob(db: Db, userId: string, id: string): AiJobRow {
  const row = db
    .select()
    .from(aiJobs)
    .where(and(eq(aiJobs.id, id), eq(aiJobs.userId, userId)))
    .get();
  if (!row) throw new AppError('NOT_FOUND', AI_MSG.jobNotFound);
  return row;
}

export function getJob(ctx: Pick<AiCtx, 'db' | 'ai' | 'user'>, id: string): AiJob {
  const row = ownedJob(ctx.db, ctx.user.id, id);
  return toJob(row, ctx.ai.live.get(id) ?? row.output);
}

export function listJobs(ctx: Pick<AiCtx, 'db' | 'user'>): AiJob[] {
  return ctx.db
    .select()
    .from(aiJobs)
    .where(eq(aiJobs.userId, ctx.user.id))
    .orderBy(desc(aiJobs.createdAt), desc(aiJobs.id))
    .limit(20)
    .all()
    .map((r) => toJob(r));
}

/** Starts a generation from the given articles; returns at once with the running job. */
export function startGeneration(ctx: AiCtx, input: { kind: AiKind; topic: string; articles: AiArticle[] }): AiJob {
  requireAiTools(ctx.user);
  const running = ctx.db
    .select({ n: count() })
    .from(aiJobs)
    .where(and(eq(aiJobs.userId, ctx.user.id), eq(aiJobs.status, 'running')))
    .get();
  if ((running?.n ?? 0) >= MAX_RUNNING) throw new AppError('TOO_MANY_REQUESTS', 'Two generations are already running. Wait for one to finish.');
  const texts = input.articles.map((article) => ({ article, text: articleText(ctx.db, article) }));
  const engine = engineOf(ctx.ai);
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
    createdAt: now,
    updatedAt: now,
  };
  // Counted with the job's row, so a generation that never started is not counted.
  const { giveBack } = ctx.db.transaction(() => {
    const counted = consumeGeneration(ctx.db, ctx.user, now);
    ctx.db.insert(aiJobs).values(row).run();
    return counted;
  });
  ctx.ai.live.set(row.id, '');
  // Runs detached from the request: closing the page does not stop it.
  setImmediate(() => void runJob(ctx, row, texts, giveBack));
  return toJob(row);
}

async function runJob(ctx: AiCtx, row: AiJobRow, texts: Parameters<typeof prepare>[0], giveBack: () => void) {
  const { ai, db } = ctx;
  let output = '';
  let persisted = 0;
  const emit = (e: AiJobEvent) => ai.hub.emit(row.id, e);
  const append = (text: string) => {
    output += text;
    ai.live.set(row.id, output);
    emit({ type: 'delta', text });
    if (Date.now() - persisted > PERSIST_MS) {
      persisted = Date.now();
      db.update(aiJobs).set({ output, updatedAt: ctx.now() }).where(eq(aiJobs.id, row.id)).run();
    }
  };
  const controller = new AbortController();
  ai.controllers.set(row.id, controller);
  try {
    const prepared = prepare(texts);
    if (!ai.model) append(writeBuiltin(row.kind as AiKind, prepared, row.topic));
    else
      for await (const piece of streamChat(ai.model, generationPrompt(row.kind as AiKind, prepared, row.topic), { signal: controller.signal })) append(piece);
    const final = ai.model ? checkOutput(output, row.sources) : output;
    db.update(aiJobs).set({ output: final, status: 'done', updatedAt: ctx.now() }).where(eq(aiJobs.id, row.id)).run();
    emit({ type: 'end', status: 'done', error: null, output: final });
  } catch (err) {
    const message = err instanceof AppError ? err.message : 'The generation failed.';
    if (!(err instanceof AppError)) ctx.log.error(`ai job ${row.id} failed`, err);
    // A failure of the AI service is not the creator's: the generation is not counted.
    giveBack();
    db.update(aiJobs).set({ output, status: 'failed', error: message, updatedAt: ctx.now() }).where(eq(aiJobs.id, row.id)).run();
    emit({ type: 'end', status: 'failed', error: message, output });
  } finally {
    ai.live.delete(row.id);
    ai.controllers.delete(row.id);
  }
}

/** The job as stored (with the text so far), then each new piece until it ends. */
export async function* watchJob(ctx: Pick<AiCtx, 'db' | 'ai' | 'user'>, id: string, signal?: AbortSignal): AsyncGenerator<AiJobEvent> {
  const row = ownedJob(ctx.db, ctx.user.id, id);
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

/** At start-up: generations left running by a previous process are marked as interrupted. */
export function markInterruptedJobs(db: Db, now: Date): number {
  return affectedRows(db.update(aiJobs).set({ status: 'failed', error: INTERRUPTED, updatedAt: now }).where(eq(aiJobs.status, 'running')).run());
}
