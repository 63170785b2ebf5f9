// The pieces of Postgres mode's job queue that need no server: the engine's lazy pool, its one start,
// the deadlock retry and the per-kind queues; a claimed job's record, the status counts, the timing.
import { describe, expect, it } from 'vitest';
import { lazyPool, queueRegistry, retryOnDeadlock, startOnce } from '../../../src/server/jobs/pg-boss-engine';
import { heldFrom, pgBossTiming, statusCounts } from '../../../src/server/jobs/pg-boss-queue';

const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

describe('lazyPool', () => {
  it('makes one pool of `max` connections on first use, and a new one after end()', async () => {
    const pools = lazyPool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' }, 3);
    const first = pools.get();
    expect(pools.get()).toBe(first);
    expect(first.options.max).toBe(3);
    await pools.end();
    expect(first.ended).toBe(true);
    const second = pools.get();
    expect(second).not.toBe(first);
    await pools.end();
    await pools.end();
  });
});

describe('startOnce', () => {
  it('starts once for every caller, again after a failure, never after stop', async () => {
    let starts = 0;
    let fail = true;
    const life = startOnce(async () => {
      starts += 1;
      if (fail) throw new Error('no server');
    });
    await expect(life.started()).rejects.toThrow('no server');
    fail = false;
    await Promise.all([life.started(), life.started()]);
    expect(starts).toBe(2);
    expect(await life.stop()).toBe(true);
    await expect(life.started()).rejects.toThrow('The job queue has stopped.');
    expect(starts).toBe(2);
  });

  it('a stop before any start has nothing to undo', async () => {
    const life = startOnce(async () => undefined);
    expect(await life.stop()).toBe(false);
  });

  it('a stop waits for a start under way', async () => {
    let finish!: () => void;
    const life = startOnce(() => new Promise<void>((r) => (finish = r)));
    void life.started();
    let stopped = false;
    const stopping = life.stop().then((had) => ((stopped = true), had));
    await new Promise((r) => setTimeout(r, 5));
    expect(stopped).toBe(false);
    finish();
    expect(await stopping).toBe(true);
  });
});

describe('retryOnDeadlock', () => {
  it('tries again after a deadlock, up to the limit; another failure at once', async () => {
    let tries = 0;
    expect(
      await retryOnDeadlock(async () => {
        if (++tries < 3) throw deadlock();
        return 'made';
      }),
    ).toBe('made');
    tries = 0;
    await expect(
      retryOnDeadlock(async () => {
        tries += 1;
        throw deadlock();
      }, 2),
    ).rejects.toMatchObject({ code: '40P01' });
    expect(tries).toBe(2);
    tries = 0;
    await expect(
      retryOnDeadlock(async () => {
        tries += 1;
        throw new Error('other');
      }),
    ).rejects.toThrow('other');
    expect(tries).toBe(1);
  });
});

describe('queueRegistry', () => {
  it('creates each kind once, again after a failure, and afresh after clear()', async () => {
    const made: string[] = [];
    let fail = true;
    const queues = queueRegistry(async (name) => {
      made.push(name);
      if (fail) throw new Error('refused');
    });
    await expect(queues.ensure('a')).rejects.toThrow('refused');
    fail = false;
    await Promise.all([queues.ensure('a'), queues.ensure('a'), queues.ensure('b')]);
    expect(made).toEqual(['a', 'a', 'b']);
    queues.clear();
    await queues.ensure('a');
    expect(made).toEqual(['a', 'a', 'b', 'a']);
  });
});

describe('heldFrom', () => {
  it("counts this run with the job's expired runs and earlier jobs' failed ones", () => {
    expect(heldFrom('send', { id: 'j1', retryCount: 1, singletonKey: 'send:1', data: { payload: { n: 1 }, priorAttempts: 2 } })).toEqual({
      name: 'send',
      retryCount: 1,
      singletonKey: 'send:1',
      payload: { n: 1 },
      attempts: 4,
    });
  });

  it('a job without a key is keyed by its id; a job without data has an empty payload', () => {
    expect(heldFrom('send', { id: 'j2', retryCount: 0, singletonKey: null, data: null })).toEqual({
      name: 'send',
      retryCount: 0,
      singletonKey: 'job:j2',
      payload: {},
      attempts: 1,
    });
  });
});

describe('statusCounts', () => {
  it("sums pg-boss's states as the queue's statuses, keeping an unknown one", () => {
    expect(
      statusCounts([
        { state: 'created', n: 2 },
        { state: 'retry', n: 1 },
        { state: 'active', n: 1 },
        { state: 'completed', n: 5 },
        { state: 'cancelled', n: 1 },
        { state: 'archived', n: 3 },
      ]),
    ).toEqual({ queued: 3, running: 1, done: 5, canceled: 1, archived: 3 });
  });
});

describe('pgBossTiming', () => {
  it('a slice is one lease, a job expires after five, maintenance at most every 30 s', () => {
    expect(pgBossTiming(30)).toEqual({ expireSeconds: 150, sliceMs: 30_000, maintenanceSeconds: 30 });
    expect(pgBossTiming(2)).toEqual({ expireSeconds: 10, sliceMs: 2000, maintenanceSeconds: 2 });
    expect(pgBossTiming(0)).toEqual({ expireSeconds: 5, sliceMs: 1000, maintenanceSeconds: 1 });
  });
});
