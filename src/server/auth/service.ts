// Session service over lucia: reads the cookie, enforces the 30-day absolute lifetime lucia lacks,
// creates and ends sessions. Everything else in the app uses this, never lucia directly.
import { createLucia, ABSOLUTE_MS, SESSION_COOKIE } from './lucia';
import type { Db } from '../db';
import { normalizePlan, normalizeRole, type PlanType, type Role } from '../../shared/plans';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  username: string;
  avatar: string | null;
  role: Role;
  planType: PlanType;
  createdAt: Date;
  emailVerifiedAt: Date | null;
}

/** The signed-in user as every procedure sees it, from a users row (or lucia's copy of its columns). */
export function toSessionUser(row: {
  id: string;
  email: string;
  name: string;
  username: string;
  avatar: string | null;
  role: string;
  planType: string;
  createdAt: Date | number;
  emailVerifiedAt: Date | number | null;
}): SessionUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    username: row.username,
    avatar: row.avatar,
    role: normalizeRole(row.role),
    planType: normalizePlan(row.planType),
    createdAt: new Date(row.createdAt),
    emailVerifiedAt: row.emailVerifiedAt === null ? null : new Date(row.emailVerifiedAt),
  };
}

export interface SessionResult {
  user: SessionUser | null;
  sessionId: string | null;
  /** A refreshed or blank cookie to send back, when lucia extended or dropped the session. */
  setCookie: string | null;
}

export function createAuthService(db: Db, opts: { secure: boolean; now?: () => Date }) {
  const now = opts.now ?? (() => new Date());
  const lucia = createLucia(db, { secure: opts.secure, now });

  return {
    cookieName: SESSION_COOKIE,

    async validate(cookieHeader: string | null | undefined): Promise<SessionResult> {
      const id = lucia.readSessionCookie(cookieHeader ?? '');
      if (!id) return { user: null, sessionId: null, setCookie: null };
      const { session, user } = await lucia.validateSession(id);
      if (!session || !user) return { user: null, sessionId: null, setCookie: lucia.createBlankSessionCookie().serialize() };
      if (now().getTime() - session.createdAt > ABSOLUTE_MS) {
        await lucia.invalidateSession(session.id);
        return { user: null, sessionId: null, setCookie: lucia.createBlankSessionCookie().serialize() };
      }
      return {
        user: toSessionUser(user),
        sessionId: session.id,
        setCookie: session.fresh ? lucia.createSessionCookie(session.id).serialize() : null,
      };
    },

    /** Starts a session and returns its Set-Cookie value. */
    async start(userId: string): Promise<string> {
      const session = await lucia.createSession(userId, { createdAt: now().getTime() });
      return lucia.createSessionCookie(session.id).serialize();
    },

    /** Ends a session and returns the blank Set-Cookie value. */
    async end(sessionId: string | null): Promise<string> {
      if (sessionId) await lucia.invalidateSession(sessionId);
      return lucia.createBlankSessionCookie().serialize();
    },

    endAllFor: (userId: string) => lucia.invalidateUserSessions(userId),

    /** Deletes sessions past their idle expiry or their absolute lifetime (at start and every hour). */
    sweepExpired: () => lucia.deleteExpiredSessions(),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
