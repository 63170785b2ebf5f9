// The job queue's claim: only the kinds asked for, the earliest due first, nothing before its time, a
// running job only once its lease ran out (claimed again with one more attempt), and hasDue agreeing.
import { describe, expect, it, vi } from 'vitest';
import { openDb, tx } from '../../src/server/db';
import { createSqliteQueue } from '../../src/server/jobs/queue';
import { startJobWorker } from '../../src/server/jobs/worker';

function queueAt(start: number) {
  let t = start;
  const db = openDb(':memory:');
  const queue = createSqliteQueue(db, () => new Date(t));
  return { db, queue, advance: (ms: number) => (t += ms) };
}

describe('job queue', () => {
  it('claims only the kinds asked for, earliest due first, none before its time', async () => {
    const { queue, advance } = queueAt(1_000_000);
    const later = await queue.enqueue({ kind: 'b', payload: { n: 'later' }, runAt: new Date(1_000_500) });
    const first = await queue.enqueue({ kind: 'a', payload: { n: 'first', list: [1, 2] }, runAt: new Date(999_000) });
    const second = await queue.enqueue({ kind: 'b', payload: { n: 'second' } });
    await queue.enqueue({ kind: 'c', payload: {}, runAt: new Date(1) });

    expect(await queue.hasDue(['x', 'y'])).toBe(false);
    expect(await queue.claim(['x'], 'w1', 1000)).toBeNull();
    expect(await queue.claim([], 'w1', 1000)).toBeNull();
    expect(await queue.hasDue([])).toBe(false);
    expect(await queue.hasDue(['a', 'b'])).toBe(true);
    expect(await queue.claim(['a', 'b'], 'w1', 1000)).toEqual({ id: first, kind: 'a', payload: { n: 'first', list: [1, 2] }, attempts: 1 });
    expect(await queue.claim(['b', 'a'], 'w1', 1000)).toMatchObject({ id: second, kind: 'b' });
    expect(await queue.claim(['a', 'b'], 'w1', 1000)).toBeNull();
    expect(await queue.hasDue(['a', 'b'])).toBe(false);
    advance(500);
    expect(await queue.claim(['b'], 'w1', 1000)).toMatchObject({ id: later, payload: { n: 'later' } });
  });

  it('gives a running job to another worker only after its lease ran out', async () => {
    const { queue, advance } = queueAt(5_000);
    const id = (await queue.enqueue({ kind: 'a', payload: {} }))!;
    expect(await queue.claim(['a'], 'w1', 1000)).toMatchObject({ id, attempts: 1 });
    advance(999);
    expect(await queue.hasDue(['a'])).toBe(false);
    expect(await queue.claim(['a'], 'w2', 1000)).toBeNull();
    advance(2);
    expect(await queue.hasDue(['a'])).toBe(true);
    expect(await queue.claim(['a'], 'w2', 1000)).toMatchObject({ id, attempts: 2 });
    expect(await queue.heartbeat(id, 'w1', 1000)).toBe(false);
    expect(await queue.heartbeat(id, 'w2', 1000)).toBe(true);
  });

  it('keeps one unfinished job per unique key: a second enqueue answers null until the first is settled', async () => {
    const { queue } = queueAt(5_000);
    const id = await queue.enqueue({ kind: 'a', payload: {}, uniqueKey: 'k' });
    expect(id).not.toBeNull();
    expect(await queue.enqueue({ kind: 'a', payload: {}, uniqueKey: 'k' })).toBeNull();
    await queue.claim(['a'], 'w1', 1000);
    expect(await queue.enqueue({ kind: 'a', payload: {}, uniqueKey: 'k' })).toBeNull();
    await queue.complete(id!, 'w1');
    expect(await queue.enqueue({ kind: 'a', payload: {}, uniqueKey: 'k' })).not.toBeNull();
  });

  it("a cancel given the caller's transaction is undone with it; a committed one holds", async () => {
    const { db, queue } = queueAt(5_000);
    await queue.enqueue({ kind: 'a', payload: {}, uniqueKey: 'k', runAt: new Date(9_000) });
    await expect(
      tx(db, async (t) => {
        expect(await queue.cancel('k', t)).toBe(true);
        throw new Error('the caller failed after the cancel');
      }),
    ).rejects.toThrow('the caller failed');
    expect(await queue.counts()).toEqual({ queued: 1 });
    expect(await tx(db, (t) => queue.cancel('k', t))).toBe(true);
    expect(await queue.counts()).toEqual({ canceled: 1 });
    expect(await queue.cancel('k')).toBe(false);
  });

  it('continue() puts a claimed job back to run again as a fresh slice, its key kept', async () => {
    const { queue, advance } = queueAt(5_000);
    const id = (await queue.enqueue({ kind: 'a', payload: { n: 1 }, uniqueKey: 'k' }))!;
    expect(await queue.claim(['a'], 'w1', 1000)).toMatchObject({ id, attempts: 1 });
    await queue.continue(id, 'w1', new Date(5_500));
    expect(await queue.claim(['a'], 'w2', 1000)).toBeNull();
    expect(await queue.enqueue({ kind: 'a', payload: {}, uniqueKey: 'k' })).toBeNull();
    advance(500);
    expect(await queue.claim(['a'], 'w2', 1000)).toMatchObject({ id, payload: { n: 1 }, attempts: 1 });
  });
});

describe('job worker', () => {
  it('a run whose lease ran out and whose job this same process claimed again hears it is no longer its job', async () => {
    const { queue, advance } = queueAt(10_000);
    const id = (await queue.enqueue({ kind: 'a', payload: {} }))!;
    const heard: boolean[] = [];
    let releaseFirst!: () => void;
    const firstMayGoOn = new Promise<void>((r) => (releaseFirst = r));
    let runs = 0;
    const worker = startJobWorker(
      { log: { error() {} } },
      queue,
      {
        a: async (_deps, q, job, me, leaseMs) => {
          runs += 1;
          if (runs === 1) {
            // The first run stalls past its lease; the process's other slot takes the job again.
            advance(leaseMs + 1);
            worker.kick();
            await firstMayGoOn;
            heard.push(await q.heartbeat(job.id, me, leaseMs));
            return;
          }
          releaseFirst();
          heard.push(await q.heartbeat(job.id, me, leaseMs));
          await q.complete(job.id, me);
        },
      },
      { concurrency: 2, leaseMs: 1000, pollMs: 10 },
    );
    await vi.waitFor(() => expect(heard).toHaveLength(2), { timeout: 5_000 });
    await worker.stop();
    // The second run holds the job; the first must stop rather than send what the second is sending.
    expect(heard).toEqual([true, false]);
    expect(runs).toBe(2);
    expect(id).toBeTruthy();
  });
});
