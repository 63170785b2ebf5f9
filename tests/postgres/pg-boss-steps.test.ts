// Postgres mode's job queue, step by step on a throw-away database: the engine's start and stop, the
// reads of pg-boss's job table (a held job still ours, a key's waiting job, a key's unfinished job), and
// the queue's groups of calls (queueing by key, claiming, settling, moving and canceling, counting).
import { afterEach, describe, expect, it } from 'vitest';
import { closeDb, openPostgres, postgresPool, postgresQueryable, tx, type Db } from '../../src/server/db';
import { createEngine } from '../../src/server/jobs/pg-boss-engine';
import { createPgBossQueue, stillOurs, unfinishedWithKey, waitingByKey } from '../../src/server/jobs/pg-boss-queue';
import { freshDatabase, SERVER_URL } from './support';

const quiet = { warn() {} };
const timing = { expireSeconds: 30, sliceMs: 5000, maintenanceSeconds: 30, log: quiet };
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function database(): Promise<Db> {
  const fresh = await freshDatabase();
  cleanups.push(fresh.drop);
  const db = await openPostgres(fresh.url);
  cleanups.push(() => closeDb(db));
  return db;
}

async function queueOn(db: Db) {
  const queue = createPgBossQueue(db, timing);
  cleanups.push(() => queue.stop!());
  await queue.start!();
  return queue;
}

const read = <T>(db: Db, fn: (q: ReturnType<typeof postgresQueryable>) => Promise<T>) => tx(db, (t) => fn(postgresQueryable(t)));

describe.skipIf(!SERVER_URL)('the pg-boss queue, step by step', () => {
  it("createEngine: starts once, creates a kind's queue, and stops for good", async () => {
    const db = await database();
    const engine = createEngine(postgresPool(db), timing);
    await Promise.all([engine.started(), engine.started()]);
    await engine.ensureQueue('kind-a');
    expect((await engine.boss.getQueue('kind-a'))?.policy).toBe('stately');
    await engine.stop();
    await expect(engine.started()).rejects.toThrow('The job queue has stopped.');
  });

  it('unfinishedWithKey and waitingByKey: a key queued is unfinished and waiting; once claimed, unfinished only', async () => {
    const db = await database();
    const queue = await queueOn(db);
    const id = await queue.enqueue({ kind: 'kind-a', payload: { n: 1 }, uniqueKey: 'key-1' });
    expect(await read(db, (q) => unfinishedWithKey(q, 'kind-a', 'key-1'))).toBe(true);
    expect(await read(db, (q) => unfinishedWithKey(q, 'kind-b', 'key-1'))).toBe(false);
    expect(await read(db, (q) => waitingByKey(q, 'key-1'))).toMatchObject({ name: 'kind-a', id, data: { payload: { n: 1 }, priorAttempts: 0 } });
    await queue.claim(['kind-a'], 'w', 1000);
    expect(await read(db, (q) => waitingByKey(q, 'key-1'))).toBeUndefined();
    expect(await read(db, (q) => unfinishedWithKey(q, 'kind-a', 'key-1'))).toBe(true);
  });

  it('stillOurs: the run holds its active job, not one retried since (another retry count) or settled', async () => {
    const db = await database();
    const queue = await queueOn(db);
    await queue.enqueue({ kind: 'kind-a', payload: {} });
    const job = (await queue.claim(['kind-a'], 'w', 1000))!;
    expect(await read(db, (q) => stillOurs(q, job.id, { name: 'kind-a', retryCount: 0 }))).toBe(true);
    expect(await read(db, (q) => stillOurs(q, job.id, { name: 'kind-a', retryCount: 1 }))).toBe(false);
    await queue.complete(job.id, 'w');
    expect(await read(db, (q) => stillOurs(q, job.id, { name: 'kind-a', retryCount: 0 }))).toBe(false);
  });

  it('queueing by key, claiming in turn, settling, moving and canceling, counting', async () => {
    const db = await database();
    const queue = await queueOn(db);
    expect(await queue.enqueue({ kind: 'kind-a', payload: { n: 1 }, uniqueKey: 'a1' })).toEqual(expect.any(String));
    expect(await queue.enqueue({ kind: 'kind-a', payload: { n: 1 }, uniqueKey: 'a1' })).toBeNull();
    await queue.enqueue({ kind: 'kind-b', payload: { n: 2 }, uniqueKey: 'b1' });
    expect(await queue.hasDue(['kind-a', 'kind-b'])).toBe(true);

    // Claims alternate between the kinds asked for.
    const first = (await queue.claim(['kind-a', 'kind-b'], 'w', 1000))!;
    const second = (await queue.claim(['kind-a', 'kind-b'], 'w', 1000))!;
    expect([first.kind, second.kind]).toEqual(['kind-a', 'kind-b']);
    expect(first).toMatchObject({ payload: { n: 1 }, attempts: 1, sliceEndsAt: expect.any(Number) });
    expect(await queue.heartbeat(first.id, 'w', 1000)).toBe(true);

    // A continuation and a later retry are new jobs of the same key; the retry counts the failed run.
    await queue.continue(first.id, 'w');
    await queue.fail(second.id, 'w', 'try later', new Date(Date.now() + 60_000));
    expect(await queue.heartbeat(first.id, 'w', 1000)).toBe(false);
    const next = (await queue.claim(['kind-a'], 'w', 1000))!;
    expect(next).toMatchObject({ kind: 'kind-a', payload: { n: 1 }, attempts: 1 });
    await queue.fail(next.id, 'w', 'gave up');

    expect(await queue.reschedule('b1', new Date())).toBe(true);
    const retried = (await queue.claim(['kind-b'], 'w', 1000))!;
    expect(retried).toMatchObject({ payload: { n: 2 }, attempts: 2 });
    await queue.complete(retried.id, 'w');
    await queue.enqueue({ kind: 'kind-b', payload: {}, uniqueKey: 'b2', runAt: new Date(Date.now() + 3_600_000) });
    expect(await queue.cancel('b2')).toBe(true);
    expect(await queue.cancel('b2')).toBe(false);

    // Done: the continued run, the run failed for a retry, the retry; canceled: the moved job and b2.
    expect(await queue.counts()).toEqual({ done: 3, failed: 1, canceled: 2 });
    expect((await queue.jobsOf('kind-a')).map((j) => j.status)).toEqual(['done', 'failed']);
  });
});
