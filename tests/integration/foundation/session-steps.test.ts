// The session service's two database steps on their own: opening a session inside a transaction, and
// validating a request's cookie (the cache, the disabled account, the absolute lifetime).
// @postgres
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createHarness } from '../../helpers/app';
import { sessions, users } from '../../../db/schema';
import { tx } from '../../../src/server/db';
import { createLocalBus } from '../../../src/server/bus';
import { ACCOUNT_DISABLED, sessionCache, sessionOpener, sessionParts, validateCookie } from '../../../src/server/auth/service';

/** Sessions end 30 days after they began, whatever their idle expiry says. */
const ABSOLUTE_MS = 30 * 24 * 3_600_000;

async function setUp() {
  const h = await createHarness();
  const clock = { now: new Date('2026-11-23T10:00:00Z') };
  const now = () => clock.now;
  const { store, lucia } = sessionParts(h.db, { secure: false, now });
  const opener = sessionOpener(store, lucia, now);
  const cache = sessionCache(createLocalBus(), 5_000);
  const user = await h.insertUser();
  const validate = (id: string) => validateCookie({ lucia, cache, now }, `other=1; ${opener.cookieFor(id).split(';')[0]}`);
  const none = () => validateCookie({ lucia, cache, now }, 'other=1');
  return { h, clock, opener, user, validate, none };
}

describe('sessionOpener', () => {
  it('writes the session in the transaction, so a rolled back one leaves none', async () => {
    const { h, opener, user } = await setUp();
    const id = await tx(h.db, (t) => opener.open(t, user.id));
    expect(await h.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    expect(opener.cookieFor(id)).toMatch(new RegExp(`^session=${id};`));
    await expect(
      tx(h.db, async (t) => {
        await opener.open(t, user.id);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await h.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });

  it('refuses a disabled account', async () => {
    const { h, clock, opener, user } = await setUp();
    await h.db.update(users).set({ disabledAt: clock.now }).where(eq(users.id, user.id));
    await expect(tx(h.db, (t) => opener.open(t, user.id))).rejects.toMatchObject({ code: 'FORBIDDEN', message: ACCOUNT_DISABLED });
  });
});

describe('validateCookie', () => {
  it('no session cookie is nobody, without a cookie to send; an unknown one gets a blank cookie', async () => {
    const { validate, none } = await setUp();
    expect(await none()).toEqual({ user: null, sessionId: null, setCookie: null });
    expect(await validate('not-a-session')).toMatchObject({ user: null, sessionId: null, setCookie: expect.stringMatching(/^session=;/) });
  });

  it('a valid session is its user, then served from the cache until it is rechecked', async () => {
    const { h, clock, opener, user, validate } = await setUp();
    const id = await tx(h.db, (t) => opener.open(t, user.id));
    expect(await validate(id)).toMatchObject({ user: { id: user.id }, sessionId: id, setCookie: null });
    await h.db.delete(sessions);
    expect((await validate(id)).user?.id).toBe(user.id);
    clock.now = new Date(clock.now.getTime() + 5_000);
    expect((await validate(id)).user).toBeNull();
  });

  it('ends the session of a disabled account, and one past the absolute lifetime', async () => {
    const { h, clock, opener, user, validate } = await setUp();
    const first = await tx(h.db, (t) => opener.open(t, user.id));
    clock.now = new Date(clock.now.getTime() + ABSOLUTE_MS - 1000);
    const second = await tx(h.db, (t) => opener.open(t, user.id));
    clock.now = new Date(clock.now.getTime() + 2000);
    expect((await validate(first)).user).toBeNull();
    expect((await h.db.select().from(sessions)).map((s) => s.userId)).toEqual([user.id]);
    await h.db.update(users).set({ disabledAt: clock.now }).where(eq(users.id, user.id));
    expect((await validate(second)).user).toBeNull();
    expect(await h.db.select().from(sessions)).toHaveLength(0);
  });
});
