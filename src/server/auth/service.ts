// Session service over lucia: reads the cookie, enforces the 30-day absolute lifetime lucia lacks,
// creates and ends sessions. Everything else in the app uses this, never lucia directly.
import { createLucia, newSession, ABSOLUTE_MS, SESSION_COOKIE } from './lucia';
import { createSessionStore, sessionKey } from './session-store';
import { tx, type Db, type Tx } from '../db';
import { createLocalBus, type Bus } from '../bus';
import { eq } from 'drizzle-orm';
import { parse as parseCookies } from 'cookie';
import { users, type UserRow } from '../../../db/schema';
import { AppError } from '../errors';
import { normalizePlan, normalizeRole, normalizeTrialPlan, type PlanType, type Role } from '../../shared/plans';

/** The answer to signing in to an account an admin disabled. */
export const ACCOUNT_DISABLED = 'This account is disabled. Contact support if you think this is a mistake.';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  username: string;
  avatar: string | null;
  role: Role;
  planType: PlanType;
  /** The plan of a free trial (for its 7 days), or null. */
  trialPlan: PlanType | null;
  createdAt: Date;
  emailVerifiedAt: Date | null;
}

/** The columns of a users row the API shows and a session carries (a SessionUser is one too). */
export type UserLike = Pick<UserRow, 'id' | 'email' | 'name' | 'username' | 'avatar' | 'role' | 'planType' | 'trialPlan' | 'createdAt' | 'emailVerifiedAt'>;

/** The signed-in user as every procedure sees it, from a users row (or lucia's copy of its columns). */
/** Frozen: the session cache hands one object to many requests, and answers are kept with it (authCheckJson). */
export function toSessionUser(row: UserLike): SessionUser {
  return Object.freeze({
    id: row.id,
    email: row.email,
    name: row.name,
    username: row.username,
    avatar: row.avatar,
    role: normalizeRole(row.role),
    planType: normalizePlan(row.planType),
    trialPlan: row.trialPlan ? normalizeTrialPlan(row.trialPlan) : null,
    createdAt: row.createdAt,
    emailVerifiedAt: row.emailVerifiedAt,
  });
}

export interface SessionResult {
  user: SessionUser | null;
  sessionId: string | null;
  /** A refreshed or blank cookie to send back, when lucia extended or dropped the session. */
  setCookie: string | null;
}

/** How long a validated session is served from memory before SQLite is asked again. */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;

interface CachedSession {
  user: SessionUser;
  /** The session's stored key: how other processes name it when they end it. */
  key: string;
  /** lucia's idle expiry and our absolute limit, whichever comes first (ms). */
  validUntil: number;
  /** When this entry must be checked against the database again (ms). */
  recheckAt: number;
}

export function createAuthService(db: Db, opts: { secure: boolean; now?: () => Date; cacheMs?: number; bus?: Bus }) {
  const now = opts.now ?? (() => new Date());
  const store = createSessionStore(db, { now, absoluteMs: ABSOLUTE_MS });
  const lucia = createLucia(store, { secure: opts.secure });
  const cacheMs = opts.cacheMs ?? SESSION_CACHE_MS;
  const bus = opts.bus ?? createLocalBus();
  // Every signed-in request validates its session; on a file database that read costs more than the
  // rest of a small request. Entries live a few seconds, and every change made through the app to a
  // session or its user (sign-out, ending sessions, profile or role changes) removes them at once, in
  // this process and, through the bus, in every other process on the database; a change made behind
  // the app's back (SQL by hand) shows within SESSION_CACHE_MS.
  const cache = new Map<string, CachedSession>();
  const forget = (userId: string) => {
    for (const [id, entry] of cache) if (entry.user.id === userId) cache.delete(id);
  };
  // Counts evictions (and lost connections), so a session read from the database while one arrived is
  // not cached: the read may have started before the change it announces.
  let evictions = 0;
  // Listening starts with the service: until the bus listens, no session is cached.
  if (cacheMs > 0) {
    bus.subscribe('curated_sessions', (msg) => {
      evictions += 1;
      if ('userId' in msg) return forget(msg.userId);
      for (const [id, entry] of cache) if (entry.key === msg.sessionKey) cache.delete(id);
    });
    // While other processes' evictions may have been missed, nothing cached before can be trusted.
    bus.onReset(() => {
      evictions += 1;
      cache.clear();
    });
  }
  /** Drops the user's cached sessions here and everywhere else (inside `t`: once `t` commits). */
  const forgetEverywhere = async (userId: string, t?: Tx) => {
    forget(userId);
    await bus.publish('curated_sessions', { userId }, t);
  };

  /**
   * Writes a new session for the user inside the transaction `t` (refused for a disabled account) and
   * returns its id: the session exists only if `t` commits. Send `cookieFor(id)` after that.
   */
  const open = async (t: Tx, userId: string): Promise<string> => {
    const [row] = await t.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, userId)).limit(1);
    if (row?.disabledAt) throw new AppError('FORBIDDEN', ACCOUNT_DISABLED);
    const session = newSession(userId, now().getTime());
    await store.setSessionIn(t, session);
    return session.id;
  };
  /** The Set-Cookie value of a session `open` wrote, once its transaction has committed. */
  const cookieFor = (sessionId: string) => lucia.createSessionCookie(sessionId).serialize();

  return {
    cookieName: SESSION_COOKIE,

    async validate(cookieHeader: string | null | undefined): Promise<SessionResult> {
      // cookie's parser, not lucia's: lucia's throws on a malformed %-escape in any other cookie of the
      // site (every call then failed with a 500) and misses cookies joined by ';' without a space.
      const id = cookieHeader ? parseCookies(cookieHeader)[SESSION_COOKIE] : undefined;
      if (!id) return { user: null, sessionId: null, setCookie: null };
      const t = now().getTime();
      const hit = cache.get(id);
      if (hit && t < hit.recheckAt && t < hit.validUntil && bus.listening) return { user: hit.user, sessionId: id, setCookie: null };
      cache.delete(id);
      // A read is cached only if every eviction announced after it began reaches this process.
      const evictionsBefore = evictions;
      const listeningBefore = bus.listening;
      const { session, user } = await lucia.validateSession(id);
      if (!session || !user) return { user: null, sessionId: null, setCookie: lucia.createBlankSessionCookie().serialize() };
      if ((user as { disabledAt?: unknown }).disabledAt) {
        await lucia.invalidateSession(session.id);
        return { user: null, sessionId: null, setCookie: lucia.createBlankSessionCookie().serialize() };
      }
      if (t - session.createdAt > ABSOLUTE_MS) {
        await lucia.invalidateSession(session.id);
        return { user: null, sessionId: null, setCookie: lucia.createBlankSessionCookie().serialize() };
      }
      const sessionUser = toSessionUser(user);
      if (cacheMs > 0 && listeningBefore && bus.listening && evictions === evictionsBefore) {
        if (cache.size >= SESSION_CACHE_MAX) cache.delete(cache.keys().next().value!);
        cache.set(id, {
          user: sessionUser,
          key: sessionKey(id),
          validUntil: Math.min(session.expiresAt.getTime(), session.createdAt + ABSOLUTE_MS),
          recheckAt: t + cacheMs,
        });
      }
      return { user: sessionUser, sessionId: session.id, setCookie: session.fresh ? lucia.createSessionCookie(session.id).serialize() : null };
    },

    open,
    cookieFor,

    /** Starts a session (the disabled check and the write in one transaction) and returns its Set-Cookie value. */
    async start(userId: string): Promise<string> {
      const id = await tx(db, (t) => open(t, userId));
      return cookieFor(id);
    },

    /** Ends a session and returns the blank Set-Cookie value. */
    async end(sessionId: string | null): Promise<string> {
      if (sessionId) {
        cache.delete(sessionId);
        await lucia.invalidateSession(sessionId);
        await bus.publish('curated_sessions', { sessionKey: sessionKey(sessionId) });
      }
      return lucia.createBlankSessionCookie().serialize();
    },

    async endAllFor(userId: string) {
      forget(userId);
      await lucia.invalidateUserSessions(userId);
      await forgetEverywhere(userId);
    },

    /** Ends every session of the user inside the transaction `t`, which makes the change that ends them. */
    async endAllIn(t: Tx, userId: string) {
      await store.deleteUserSessionsIn(t, userId);
      await forgetEverywhere(userId, t);
    },

    /**
     * Call after changing a user's row (name, avatar, role, plan, verification): sessions re-read it, in
     * every process. Inside the transaction `t` that makes the change, pass it: other processes then drop
     * their copies when it commits, not before (they could otherwise read the old row again).
     */
    forgetUser: forgetEverywhere,

    /** Deletes sessions past their idle expiry or their absolute lifetime (at start and every hour). */
    sweepExpired: () => lucia.deleteExpiredSessions(),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
