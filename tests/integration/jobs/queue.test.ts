// The job queue's claim: only the kinds asked for, the earliest due first, nothing before its time, a
// running job only once its lease ran out (claimed again with one more attempt), and hasDue agreeing.
import { describe, expect, it } from 'vitest';
import { openDb } from '../../../src/server/db';
import { createSqliteQueue } from '../../../src/server/jobs/queue';

function queueAt(start: number) {
  let t = start;
  const queue = createSqliteQueue(openDb(':memory:'), () => new Date(t));
  return { queue, advance: (ms: number) => (t += ms) };
}

describe('job queue', () => {
  it('claims only the kinds asked for, earliest due first, none before its time', () => {
    const { queue, advance } = queueAt(1_000_000);
    const later = queue.enqueue({ kind: 'b', payload: { n: 'later' }, runAt: new Date(1_000_500) });
    const first = queue.enqueue({ kind: 'a', payload: { n: 'first', list: [1, 2] }, runAt: new Date(999_000) });
    const second = queue.enqueue({ kind: 'b', payload: { n: 'second' } });
    queue.enqueue({ kind: 'c', payload: {}, runAt: new Date(1) });

    expect(queue.hasDue(['x', 'y'])).toBe(false);
    expect(queue.claim(['x'], 'w1', 1000)).toBeNull();
    expect(queue.claim([], 'w1', 1000)).toBeNull();
    expect(queue.hasDue([])).toBe(false);
    expect(queue.hasDue(['a', 'b'])).toBe(true);
    expect(queue.claim(['a', 'b'], 'w1', 1000)).toEqual({ id: first, kind: 'a', payload: { n: 'first', list: [1, 2] }, attempts: 1 });
    expect(queue.claim(['b', 'a'], 'w1', 1000)).toMatchObject({ id: second, kind: 'b' });
    expect(queue.claim(['a', 'b'], 'w1', 1000)).toBeNull();
    expect(queue.hasDue(['a', 'b'])).toBe(false);
    advance(500);
    expect(queue.claim(['b'], 'w1', 1000)).toMatchObject({ id: later, payload: { n: 'later' } });
  });

  it('gives a running job to another worker only after its lease ran out', () => {
    const { queue, advance } = queueAt(5_000);
    const id = queue.enqueue({ kind: 'a', payload: {} });
    expect(queue.claim(['a'], 'w1', 1000)).toMatchObject({ id, attempts: 1 });
    advance(999);
    expect(queue.hasDue(['a'])).toBe(false);
    expect(queue.claim(['a'], 'w2', 1000)).toBeNull();
    advance(2);
    expect(queue.hasDue(['a'])).toBe(true);
    expect(queue.claim(['a'], 'w2', 1000)).toMatchObject({ id, attempts: 2 });
    expect(queue.heartbeat(id, 'w1', 1000)).toBe(false);
    expect(queue.heartbeat(id, 'w2', 1000)).toBe(true);
  });
});
