// Idempotency keys of the public API's creates: the first request with a key runs and its answer is
// kept for a day; a retry with the same key and the same request gets that answer again, without a
// second row. The row is claimed by its insert (the primary key decides between two requests arriving
// together, on SQLite and on Postgres alike), so the loser is told the first is still running.
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db';
import { AppError } from '../errors';
import { apiIdempotency } from '../../../db/schema';

export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;

export const IDEMPOTENCY_MSG = {
  invalid: 'An Idempotency-Key is 1 to 255 visible ASCII characters.',
  reused: 'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
  inProgress: 'A request with this Idempotency-Key is still being processed. Retry it in a moment.',
} as const;

export interface Answer {
  status: number;
  body: unknown;
}

/**
 * Runs `run` once per (key, idempotency key). A failed run (an error thrown) frees the key, so the same
 * request can be retried once fixed; a successful answer is replayed (`replayed: true`).
 */
export async function idempotent(
  db: Db,
  keyId: string,
  idempotencyKey: string,
  fingerprint: string,
  now: Date,
  run: () => Promise<Answer>,
): Promise<Answer & { replayed: boolean }> {
  if (!/^[\x21-\x7e]{1,255}$/.test(idempotencyKey)) throw new AppError('BAD_REQUEST', IDEMPOTENCY_MSG.invalid, { apiCode: 'invalid_idempotency_key' });
  const mine = and(eq(apiIdempotency.keyId, keyId), eq(apiIdempotency.idempotencyKey, idempotencyKey));
  // A record past its day is forgotten before claiming (the hourly sweep removes the rest).
  await db.delete(apiIdempotency).where(and(mine, lt(apiIdempotency.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS))));
  const claimed = await db
    .insert(apiIdempotency)
    .values({ keyId, idempotencyKey, fingerprint, createdAt: now })
    .onConflictDoNothing()
    .returning({ keyId: apiIdempotency.keyId });
  if (claimed.length === 0) {
    const [kept] = await db.select().from(apiIdempotency).where(mine);
    if (!kept) throw new AppError('CONFLICT', IDEMPOTENCY_MSG.inProgress, { apiCode: 'idempotency_key_in_progress' });
    if (kept.fingerprint !== fingerprint) throw new AppError('UNPROCESSABLE_CONTENT', IDEMPOTENCY_MSG.reused, { apiCode: 'idempotency_key_reused' });
    if (kept.status === null) throw new AppError('CONFLICT', IDEMPOTENCY_MSG.inProgress, { apiCode: 'idempotency_key_in_progress' });
    return { status: kept.status, body: kept.body === null ? null : JSON.parse(kept.body), replayed: true };
  }
  let answer: Answer;
  try {
    answer = await run();
  } catch (err) {
    await db.delete(apiIdempotency).where(mine);
    throw err;
  }
  await db
    .update(apiIdempotency)
    .set({ status: answer.status, body: JSON.stringify(answer.body) })
    .where(mine);
  return { ...answer, replayed: false };
}

/** Drops answers past their day (the hourly sweep). */
export async function sweepIdempotency(db: Db, now: Date) {
  await db.delete(apiIdempotency).where(lt(apiIdempotency.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)));
}
