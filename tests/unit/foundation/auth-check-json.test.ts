// A signed-in request's user DTO and GET /api/auth/check's body are kept with the session's user object; time
// alone changes them only through the trial's day count, and then the kept ones must not be served.
import { describe, expect, it } from 'vitest';
import { authCheck, authCheckJson, sessionUserDto, toUserDto } from '../../../src/server/user/dto';
import { toSessionUser } from '../../../src/server/auth/service';

const DAY = 24 * 60 * 60 * 1000;
const created = new Date('2026-11-01T10:00:00.000Z');
const trialUser = () =>
  toSessionUser({
    id: 'u1',
    email: 'ada@example.com',
    name: 'Ada',
    username: 'ada',
    avatar: null,
    role: 'user',
    planType: 'free',
    trialPlan: 'professional',
    createdAt: created,
    emailVerifiedAt: null,
  });

describe('sessionUserDto and authCheckJson', () => {
  it('answers as authCheck does, at every moment of a trial and after it', () => {
    const user = trialUser();
    // Ask in time order and back again, with the same object: each answer equals a fresh one.
    const moments = [0, 1, DAY - 1, DAY, DAY + 1, 3.5 * DAY, 7 * DAY - 1, 7 * DAY, 7 * DAY + 1, 30 * DAY, 2 * DAY, 1];
    for (const offset of moments) {
      const now = new Date(created.getTime() + offset);
      expect(JSON.parse(authCheckJson(user, now)), `+${offset} ms`).toEqual(authCheck(user, now));
      expect(sessionUserDto(user, now), `+${offset} ms`).toEqual(toUserDto(user, now));
    }
    const before = JSON.parse(authCheckJson(user, new Date(created.getTime() + 7 * DAY - 1)));
    const after = JSON.parse(authCheckJson(user, new Date(created.getTime() + 7 * DAY)));
    expect(before.user).toMatchObject({ effectivePlan: 'professional', trialDaysLeft: 1 });
    expect(after.user).toMatchObject({ effectivePlan: 'free', trialDaysLeft: 0 });
  });

  it('keeps one frozen DTO and one body per user object; signed out is its own answer', () => {
    const now = new Date(created.getTime() + DAY / 2);
    const a = trialUser();
    const b = { ...trialUser(), name: 'Grace' };
    expect(authCheckJson(a, now)).toBe(authCheckJson(a, now));
    expect(sessionUserDto(a, now)).toBe(sessionUserDto(a, now));
    expect(Object.isFrozen(sessionUserDto(a, now)) && Object.isFrozen(sessionUserDto(a, now).subscription)).toBe(true);
    expect(JSON.parse(authCheckJson(b, now)).user.name).toBe('Grace');
    expect(JSON.parse(authCheckJson(null, now))).toEqual({ authenticated: false, user: null });
  });

  it('session users are frozen, so a kept body cannot go stale by a change in place', () => {
    const user = trialUser();
    expect(Object.isFrozen(user)).toBe(true);
    expect(() => Object.assign(user, { planType: 'enterprise' })).toThrow(TypeError);
  });
});
