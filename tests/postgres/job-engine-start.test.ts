// N processes starting at once on a new database all start their job engine: pg-boss installs its
// schema on first start, and two installs at once must not make one of the processes fail.
import { afterEach, describe, expect, it } from 'vitest';
import { closeDb, openPostgres } from '../../src/server/db';
import { createPgBossQueue } from '../../src/server/jobs/pg-boss-queue';
import { freshDatabase } from './support';

const quiet = { warn() {} };
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe('the job engine of processes started together', () => {
  it('three processes starting at once on a new database all start (five databases in a row)', { timeout: 120_000 }, async () => {
    for (let round = 0; round < 5; round++) {
      const fresh = await freshDatabase();
      cleanups.push(fresh.drop);
      // As each server starts: open (migrating under the app's lock), then start the job engine.
      const started = await Promise.allSettled(
        [0, 1, 2].map(async () => {
          const db = await openPostgres(fresh.url);
          cleanups.push(() => closeDb(db));
          const queue = createPgBossQueue(db, { expireSeconds: 30, sliceMs: 10_000, maintenanceSeconds: 30, log: quiet });
          cleanups.push(() => queue.stop!());
          await queue.start!();
        }),
      );
      expect(
        started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started')),
        `round ${round}`,
      ).toEqual(['started', 'started', 'started']);
    }
  });
});
