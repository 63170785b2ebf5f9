// The SQLite queue's parts one by one: the claim's statements (prepared once per list of kinds), the
// claim, the settling of a claimed job by its worker only, and the keyed writes.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDb } from '../../src/server/db';
import { jobs } from '../../db/schema';
import { claimStatements, sqliteClaimMethods, sqliteKeyedMethods, sqliteSettleMethods } from '../../src/server/jobs/queue';

function setUp(start = 1_000_000) {
  let t = start;
  const db = openDb(':memory:');
  const now = () => new Date(t);
  return {
    db,
    now,
    keyed: sqliteKeyedMethods(db, now),
    claims: sqliteClaimMethods(db, now),
    settle: sqliteSettleMethods(db, now),
    advance: (ms: number) => (t += ms),
  };
}
const rowOf = async (db: ReturnType<typeof openDb>, id: string) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

describe('claimStatements', () => {
  it('prepares the statements once per list of kinds', () => {
    const statements = claimStatements(openDb(':memory:'));
    expect(statements(['a', 'b'])).toBe(statements(['a', 'b']));
    expect(statements(['b', 'a'])).not.toBe(statements(['a', 'b']));
  });
});

describe('sqliteClaimMethods', () => {
  it('claims the earliest due job of the kinds asked for, with its lease and one more attempt', async () => {
    const s = setUp();
    const later = (await s.keyed.enqueue({ kind: 'a', payload: { n: 2 } }))!;
    const first = (await s.keyed.enqueue({ kind: 'a', payload: { n: 1 }, runAt: new Date(999_000) }))!;
    expect(await s.claims.hasDue(['b'])).toBe(false);
    expect(await s.claims.hasDue(['a'])).toBe(true);
    expect(await s.claims.claim(['a'], 'w1', 500)).toEqual({ id: first, kind: 'a', payload: { n: 1 }, attempts: 1 });
    expect(await rowOf(s.db, first)).toMatchObject({ status: 'running', worker: 'w1', leaseUntil: 1_000_500 });
    expect(await s.claims.claim(['a'], 'w2', 500)).toMatchObject({ id: later });
    expect(await s.claims.claim([], 'w1', 500)).toBeNull();
  });

  it('a running job whose lease ran out is due again', async () => {
    const s = setUp();
    const id = (await s.keyed.enqueue({ kind: 'a', payload: {} }))!;
    await s.claims.claim(['a'], 'w1', 500);
    expect(await s.claims.hasDue(['a'])).toBe(false);
    s.advance(501);
    expect(await s.claims.claim(['a'], 'w2', 500)).toMatchObject({ id, attempts: 2 });
  });
});

describe('sqliteSettleMethods', () => {
  async function claimed() {
    const s = setUp();
    const id = (await s.keyed.enqueue({ kind: 'a', payload: {}, uniqueKey: 'k' }))!;
    await s.claims.claim(['a'], 'w1', 500);
    return { s, id };
  }

  it('only the holding worker renews the lease or settles the job', async () => {
    const { s, id } = await claimed();
    expect(await s.settle.heartbeat(id, 'w2', 500)).toBe(false);
    await s.settle.complete(id, 'w2');
    expect((await rowOf(s.db, id)).status).toBe('running');
    s.advance(100);
    expect(await s.settle.heartbeat(id, 'w1', 500)).toBe(true);
    expect((await rowOf(s.db, id)).leaseUntil).toBe(1_000_600);
  });

  it('complete releases the key; continue queues the rest with a fresh count', async () => {
    const { s, id } = await claimed();
    await s.settle.continue(id, 'w1', new Date(2_000_000));
    expect(await rowOf(s.db, id)).toMatchObject({ status: 'queued', runAt: 2_000_000, worker: null, attempts: 0, uniqueKey: 'k' });
    s.advance(1_000_000);
    await s.claims.claim(['a'], 'w1', 500);
    await s.settle.complete(id, 'w1');
    expect(await rowOf(s.db, id)).toMatchObject({ status: 'done', uniqueKey: null });
  });

  it('fail puts the job back for later with its error, or ends it as failed', async () => {
    const { s, id } = await claimed();
    await s.settle.fail(id, 'w1', 'x'.repeat(1200), new Date(1_500_000));
    expect(await rowOf(s.db, id)).toMatchObject({ status: 'queued', runAt: 1_500_000, uniqueKey: 'k' });
    expect((await rowOf(s.db, id)).lastError).toHaveLength(1000);
    s.advance(500_000);
    await s.claims.claim(['a'], 'w1', 500);
    await s.settle.fail(id, 'w1', 'gave up');
    expect(await rowOf(s.db, id)).toMatchObject({ status: 'failed', uniqueKey: null, lastError: 'gave up' });
  });
});

describe('sqliteKeyedMethods', () => {
  it('refuses a second unfinished job with the same key', async () => {
    const s = setUp();
    expect(await s.keyed.enqueue({ kind: 'a', payload: {}, uniqueKey: 'k' })).toEqual(expect.any(String));
    expect(await s.keyed.enqueue({ kind: 'a', payload: {}, uniqueKey: 'k' })).toBeNull();
  });

  it('moves and cancels only a waiting job', async () => {
    const s = setUp();
    const id = (await s.keyed.enqueue({ kind: 'a', payload: {}, uniqueKey: 'k' }))!;
    expect(await s.keyed.reschedule('k', new Date(5_000_000))).toBe(true);
    expect((await rowOf(s.db, id)).runAt).toBe(5_000_000);
    expect(await s.keyed.reschedule('none', new Date())).toBe(false);
    expect(await s.keyed.cancel('k')).toBe(true);
    expect(await rowOf(s.db, id)).toMatchObject({ status: 'canceled', uniqueKey: null });
    expect(await s.keyed.cancel('k')).toBe(false);
  });
});
