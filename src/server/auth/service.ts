// Session service over lucia: reads the cookie, enforces the 30-day absolute lifetime lucia lacks,
// creates and ends sessions. Everything else in the app uses this, never lucia directly.
import { createLucia, ABSOLUTE_DAYS, SESSION_COOKIE } from './lucia';
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
}

export interface SessionResult {
  user: SessionUser | null;
  sessionId: string | null;
  /** A refreshed or blank cookie to send back, when lucia extended or dropped the session. */
  setCookie: string | null;
}

const ABSOLUTE_MS = ABSOLUTE_DAYS * 24 * 60 * 60 * 1000;

export function createAuthService(db: Db, opts: { secure: boolean; now?: () => Date }) {
  const lucia = createLucia(db, { secure: opts.secure });
  const now = opts.now ?? (() => new Date());

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
        user: {
          id: user.id,
          email: user.email,
          name: user.name,
          username: user.username,
          avatar: user.avatar,
          role: normalizeRole(user.role),
          planType: normalizePlan(user.planType),
          createdAt: new Date(user.createdAt),
        },
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
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
