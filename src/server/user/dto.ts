// The user as the API returns it (spec §3: planType and plan_type, createdAt and created_at, ...).
import { effectivePlan, isStaff, normalizePlan, normalizeRole, trialDaysLeft } from '../../shared/plans';

export interface UserLike {
  id: string;
  email: string;
  name: string;
  username: string;
  avatar: string | null;
  role: string;
  planType: string;
  createdAt: Date;
  emailVerifiedAt: Date | null;
}

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
    effectivePlan: effectivePlan({ role, planType }),
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
