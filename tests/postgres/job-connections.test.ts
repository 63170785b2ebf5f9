// A transaction that writes a job holds one pooled connection and often an advisory lock: if writing the
// job needed a second connection from the same pool (to start the job engine, or create the job's queue),
// N such transactions at once on a pool of N would each wait for a connection none of them gives back,
// until the pool's connect timeout turns a request into a 503. On a pool of ONE connection, a job written
// inside a transaction on a job engine that has never run must still go through.
import { afterEach, describe, expect, it } from 'vitest';
import { closeDb, openPostgres, tx } from '../../src/server/db';
import { createPgBossQueue } from '../../src/server/jobs/pg-boss-queue';
import { freshDatabase, SERVER_URL } from './support';

const quiet = { warn() {} };
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe.skipIf(!SERVER_URL)('writing a job inside a transaction', () => {
  it('needs no second connection from the app pool: on a pool of one, a never-started engine and a new kind', async () => {
    const fresh = await freshDatabase();
    cleanups.push(fresh.drop);
    const db = await openPostgres(fresh.url, { max: 1 });
    cleanups.push(() => closeDb(db));
    const queue = createPgBossQueue(db, { expireSeconds: 30, sliceMs: 5000, maintenanceSeconds: 30, log: quiet });
    cleanups.push(() => queue.stop!());

    const id = await tx(db, (t) => queue.enqueue({ kind: 'first-kind', payload: { n: 1 } }, t));
    expect(id).toEqual(expect.any(String));
    // A second kind, first seen inside a transaction of a started engine.
    const second = await tx(db, (t) => queue.enqueue({ kind: 'second-kind', payload: { n: 2 } }, t));
    expect(second).toEqual(expect.any(String));
    expect(await queue.counts()).toEqual({ queued: 2 });
  });
});
