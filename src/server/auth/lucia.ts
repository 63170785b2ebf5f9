// lucia v3 sessions in SQLite. The only module that imports lucia (GUIDE §1).
import { Lucia, TimeSpan, generateIdFromEntropySize, type Adapter, type DatabaseSession } from 'lucia';
import type { UserRow } from '../../../db/schema';

export const SESSION_COOKIE = 'session';
export const IDLE_DAYS = 7;
export const ABSOLUTE_DAYS = 30;
export const ABSOLUTE_MS = ABSOLUTE_DAYS * 24 * 60 * 60 * 1000;

const SESSION_EXPIRES_IN = new TimeSpan(IDLE_DAYS, 'd');

/**
 * A new session as lucia.createSession makes one (the same id entropy, the idle expiry counted from
 * now), for the caller to write inside its own transaction; lucia.createSessionCookie(id) then makes
 * its cookie once that transaction has committed.
 */
export function newSession(userId: string, createdAt: number): DatabaseSession {
  return { id: generateIdFromEntropySize(25), userId, expiresAt: new Date(Date.now() + SESSION_EXPIRES_IN.milliseconds()), attributes: { createdAt } };
}

export function createLucia(store: Adapter, opts: { secure: boolean }) {
  return new Lucia(store, {
    sessionExpiresIn: SESSION_EXPIRES_IN,
    sessionCookie: { name: SESSION_COOKIE, attributes: { secure: opts.secure, sameSite: 'lax' } },
    getSessionAttributes: (a) => ({ createdAt: a.createdAt }),
    getUserAttributes: (a) => ({
      email: a.email,
      name: a.name,
      username: a.username,
      avatar: a.avatar,
      role: a.role,
      planType: a.planType,
      trialPlan: a.trialPlan,
      disabledAt: a.disabledAt,
      createdAt: a.createdAt,
      emailVerifiedAt: a.emailVerifiedAt,
    }),
  });
}

export type AppLucia = ReturnType<typeof createLucia>;

declare module 'lucia' {
  interface Register {
    Lucia: AppLucia;
    DatabaseUserAttributes: Omit<UserRow, 'id'>;
    DatabaseSessionAttributes: { createdAt: number };
  }
}
