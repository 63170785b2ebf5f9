// The user as the API returns it (spec §3: planType and plan_type, createdAt and created_at, ...).
import type { UserLike } from '../auth/service';
import { effectivePlan, isStaff, normalizePlan, normalizeRole, normalizeTrialPlan, trialDaysLeft } from '../../shared/plans';

export function toUserDto(u: UserLike, now: Date = new Date()) {
  const role = normalizeRole(u.role);
  const planType = normalizePlan(u.planType);
  const createdAt = u.createdAt.toISOString();
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    username: u.username,
    avatar: u.avatar,
    role,
    planType,
    plan_type: planType,
    subscription: { plan: planType },
    trialPlan: u.trialPlan ? normalizeTrialPlan(u.trialPlan) : null,
    effectivePlan: effectivePlan({ role, planType, trialPlan: u.trialPlan, createdAt: u.createdAt }, now),
    isAdmin: role === 'admin',
    isStaff: isStaff(role),
    createdAt,
    created_at: createdAt,
    trialDaysLeft: planType === 'free' && role !== 'admin' ? trialDaysLeft(u.createdAt, now) : null,
    emailVerified: u.emailVerifiedAt !== null,
  };
}

export type UserDto = ReturnType<typeof toUserDto>;

/** The session check (auth.check and GET /api/auth/check): whether someone is signed in, and who. */
export function authCheck(user: UserLike | null, now: Date) {
  return { authenticated: user !== null, user: user ? toUserDto(user, now) : null };
}

const SIGNED_OUT = JSON.stringify(authCheck(null, new Date(0)));
interface Kept {
  days: number;
  dto: UserDto;
  checkJson?: string;
}
const kept = new WeakMap<UserLike, Kept>();

/** The kept answers for a session's user object at `now`, made again when the trial's day count changed. */
function keptFor(user: UserLike, now: Date): Kept {
  const days = trialDaysLeft(user.createdAt, now);
  const entry = kept.get(user);
  if (entry?.days === days) return entry;
  const dto = toUserDto(user, now);
  Object.freeze(dto.subscription);
  const fresh: Kept = { days, dto: Object.freeze(dto) };
  kept.set(user, fresh);
  return fresh;
}

/**
 * toUserDto for a signed-in request's user, which every page load asks for (auth check, user.get). The
 * answer is kept with the session's user object (the session cache hands out the same frozen object for a
 * few seconds) and made again when the trial's day count changes, the one way time alone changes it. The
 * DTO is frozen, since requests share it.
 */
export function sessionUserDto(user: UserLike, now: Date): UserDto {
  return keptFor(user, now).dto;
}

/** authCheck as JSON, for GET /api/auth/check; a signed-in answer is kept as sessionUserDto's is. */
export function authCheckJson(user: UserLike | null, now: Date): string {
  if (!user) return SIGNED_OUT;
  const entry = keptFor(user, now);
  return (entry.checkJson ??= JSON.stringify({ authenticated: true, user: entry.dto }));
}
