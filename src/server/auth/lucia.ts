// lucia v3 sessions in SQLite. The only module that imports lucia (GUIDE §1).
import { Lucia, TimeSpan } from 'lucia';
import type { Db } from '../db';
import type { UserRow } from '../../../db/schema';
import { createSessionStore } from './session-store';

export const SESSION_COOKIE = 'session';
export const IDLE_DAYS = 7;
export const ABSOLUTE_DAYS = 30;
export const ABSOLUTE_MS = ABSOLUTE_DAYS * 24 * 60 * 60 * 1000;

export function createLucia(db: Db, opts: { secure: boolean; now: () => Date }) {
  return new Lucia(createSessionStore(db, { now: opts.now, absoluteMs: ABSOLUTE_MS }), {
    sessionExpiresIn: new TimeSpan(IDLE_DAYS, 'd'),
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
