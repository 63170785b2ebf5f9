// The in-memory session cache on its own: what it hands back and for how long, what evicts it, and when
// a read may not be kept (an eviction arrived meanwhile, or other processes' messages did not arrive).
import { describe, expect, it } from 'vitest';
import { createLocalBus, type Bus } from '../../../src/server/bus';
import { sessionCache, toSessionUser } from '../../../src/server/auth/service';
import { sessionKey } from '../../../src/server/auth/session-store';

const user = (id: string) =>
  toSessionUser({
    id,
    email: `${id}@example.com`,
    name: id,
    username: id,
    avatar: null,
    role: 'user',
    planType: 'free',
    trialPlan: null,
    createdAt: new Date(0),
    emailVerifiedAt: null,
  });

/** The in-process bus with `listening` and resets under the test's control. */
function testBus() {
  const local = createLocalBus();
  const resets: (() => void)[] = [];
  let listening = true;
  const bus: Bus = {
    ...local,
    onReset: (fn) => (resets.push(fn), () => {}),
    get listening() {
      return listening;
    },
  };
  return { bus, setListening: (on: boolean) => (listening = on), reset: () => resets.forEach((fn) => fn()) };
}

describe('sessionCache', () => {
  it('hands a kept session back until its recheck time or its end, whichever comes first', () => {
    const { bus } = testBus();
    const cache = sessionCache(bus, 5_000);
    cache.keep('s1', { user: user('u1'), validUntil: 3_000 }, 0, cache.mark());
    cache.keep('s2', { user: user('u2'), validUntil: 60_000 }, 0, cache.mark());
    expect(cache.lookup('s1', 2_999)?.id).toBe('u1');
    expect(cache.lookup('s1', 3_000)).toBeUndefined();
    expect(cache.lookup('s2', 4_999)?.id).toBe('u2');
    expect(cache.lookup('s2', 5_000)).toBeUndefined();
    // A stale entry is gone for good, not only hidden.
    expect(cache.lookup('s2', 0)).toBeUndefined();
  });

  it('keeps nothing when caching is off, or while the bus does not listen', () => {
    const off = sessionCache(testBus().bus, 0);
    off.keep('s1', { user: user('u1'), validUntil: 60_000 }, 0, off.mark());
    expect(off.lookup('s1', 1)).toBeUndefined();

    const t = testBus();
    const cache = sessionCache(t.bus, 5_000);
    t.setListening(false);
    cache.keep('s1', { user: user('u1'), validUntil: 60_000 }, 0, cache.mark());
    expect(cache.lookup('s1', 1)).toBeUndefined();
    t.setListening(true);
    cache.keep('s1', { user: user('u1'), validUntil: 60_000 }, 0, cache.mark());
    t.setListening(false);
    expect(cache.lookup('s1', 1)).toBeUndefined();
  });

  it('does not keep a read during which an eviction or a reset arrived', async () => {
    const t = testBus();
    const cache = sessionCache(t.bus, 5_000);
    const before = cache.mark();
    await t.bus.publish('curated_sessions', { userId: 'someone-else' });
    cache.keep('s1', { user: user('u1'), validUntil: 60_000 }, 0, before);
    expect(cache.lookup('s1', 1)).toBeUndefined();
    const again = cache.mark();
    t.reset();
    cache.keep('s1', { user: user('u1'), validUntil: 60_000 }, 0, again);
    expect(cache.lookup('s1', 1)).toBeUndefined();
  });

  it("drops a user's sessions, or one session by its stored key, on the bus; everything on a reset", async () => {
    const t = testBus();
    const cache = sessionCache(t.bus, 5_000);
    const keep = (id: string, u: string) => cache.keep(id, { user: user(u), validUntil: 60_000 }, 0, cache.mark());
    keep('s1', 'u1');
    keep('s2', 'u1');
    keep('s3', 'u2');
    keep('s4', 'u3');
    await t.bus.publish('curated_sessions', { userId: 'u1' });
    await t.bus.publish('curated_sessions', { sessionKey: sessionKey('s3') });
    expect(['s1', 's2', 's3', 's4'].map((id) => cache.lookup(id, 1)?.id)).toEqual([undefined, undefined, undefined, 'u3']);
    t.reset();
    expect(cache.lookup('s4', 1)).toBeUndefined();
  });

  it('forget and drop act in this process alone', () => {
    const cache = sessionCache(testBus().bus, 5_000);
    cache.keep('s1', { user: user('u1'), validUntil: 60_000 }, 0, cache.mark());
    cache.keep('s2', { user: user('u2'), validUntil: 60_000 }, 0, cache.mark());
    cache.forget('u1');
    cache.drop('s2');
    expect(cache.lookup('s1', 1)).toBeUndefined();
    expect(cache.lookup('s2', 1)).toBeUndefined();
  });
});
