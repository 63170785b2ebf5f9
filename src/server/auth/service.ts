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

type Lucia = ReturnType<typeof createLucia>;
const sessionCookieOf = (lucia: Lucia, sessionId: string) => lucia.createSessionCookie(sessionId).serialize();

/**
 * Validated sessions kept in memory. Every signed-in request validates its session; on a file database
 * that read costs more than the rest of a small request. Entries live `cacheMs`, and every change made
 * through the app to a session or its user (sign-out, ending sessions, profile or role changes) removes
 * them at once, in this process and, through the bus, in every other process on the database; a change
 * made behind the app's back (SQL by hand) shows within SESSION_CACHE_MS. Listening starts with the
 * cache: until the bus listens, no session is kept.
 */
export function sessionCache(bus: Bus, cacheMs: number) {
  const cache = new Map<string, CachedSession>();
  const forget = (userId: string) => {
    for (const [id, entry] of cache) if (entry.user.id === userId) cache.delete(id);
  };
  // Counts evictions (and lost connections), so a session read from the database while one arrived is
  // not cached: the read may have started before the change it announces.
  let evictions = 0;
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
  return {
    /** The user of session `id` at `at` (ms) while its entry is fresh and the bus listens; a stale entry is dropped. */
    lookup(id: string, at: number): SessionUser | undefined {
      const hit = cache.get(id);
      if (hit && at < hit.recheckAt && at < hit.validUntil && bus.listening) return hit.user;
      cache.delete(id);
      return undefined;
    },
    drop: (id: string) => void cache.delete(id),
    forget,
    /** Taken when a read begins: what it reads is kept only if every eviction announced after that reaches this process. */
    mark: () => ({ evictions, listening: bus.listening }),
    /** Keeps a session read at `at` (ms) since `mark`, when nothing arrived meanwhile. */
    keep(id: string, entry: { user: SessionUser; validUntil: number }, at: number, mark: { evictions: number; listening: boolean }) {
      if (!(cacheMs > 0 && mark.listening && bus.listening && evictions === mark.evictions)) return;
      if (cache.size >= SESSION_CACHE_MAX) cache.delete(cache.keys().next().value!);
      cache.set(id, { ...entry, key: sessionKey(id), recheckAt: at + cacheMs });
    },
  };
}
type SessionCache = ReturnType<typeof sessionCache>;

/**
 * The session of a request's cookie: from the cache, or read (and then kept) through lucia. A session of
 * a disabled account or past the 30-day absolute lifetime is ended; an unknown one answers a blank cookie.
 */
export async function validateCookie(
  s: { lucia: Lucia; cache: SessionCache; now: () => Date },
  cookieHeader: string | null | undefined,
): Promise<SessionResult> {
  // cookie's parser, not lucia's: lucia's throws on a malformed %-escape in any other cookie of the
  // site (every call then failed with a 500) and misses cookies joined by ';' without a space.
  const id = cookieHeader ? parseCookies(cookieHeader)[SESSION_COOKIE] : undefined;
  if (!id) return { user: null, sessionId: null, setCookie: null };
  const t = s.now().getTime();
  const hit = s.cache.lookup(id, t);
  if (hit) return { user: hit, sessionId: id, setCookie: null };
  const mark = s.cache.mark();
  const { session, user } = await s.lucia.validateSession(id);
  const signedOut = () => ({ user: null, sessionId: null, setCookie: s.lucia.createBlankSessionCookie().serialize() });
  if (!session || !user) return signedOut();
  if ((user as { disabledAt?: unknown }).disabledAt || t - session.createdAt > ABSOLUTE_MS) {
    await s.lucia.invalidateSession(session.id);
    return signedOut();
  }
  const sessionUser = toSessionUser(user);
  s.cache.keep(id, { user: sessionUser, validUntil: Math.min(session.expiresAt.getTime(), session.createdAt + ABSOLUTE_MS) }, t, mark);
  return { user: sessionUser, sessionId: session.id, setCookie: session.fresh ? sessionCookieOf(s.lucia, session.id) : null };
}

/**
 * `open` writes a new session for the user inside the transaction `t` (refused for a disabled account)
 * and returns its id: the session exists only if `t` commits. `cookieFor(id)` is its Set-Cookie value,
 * sent after that.
 */
export function sessionOpener(store: ReturnType<typeof createSessionStore>, lucia: Lucia, now: () => Date) {
  return {
    async open(t: Tx, userId: string): Promise<string> {
      const [row] = await t.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, userId)).limit(1);
      if (row?.disabledAt) throw new AppError('FORBIDDEN', ACCOUNT_DISABLED);
      const session = newSession(userId, now().getTime());
      await store.setSessionIn(t, session);
      return session.id;
    },
    cookieFor: (sessionId: string) => sessionCookieOf(lucia, sessionId),
  };
}

/** The session store on the database and lucia over it (sessions end at the 30-day absolute lifetime). */
export function sessionParts(db: Db, opts: { secure: boolean; now: () => Date }) {
  const store = createSessionStore(db, { now: opts.now, absoluteMs: ABSOLUTE_MS });
  return { store, lucia: createLucia(store, { secure: opts.secure }) };
}

export function createAuthService(db: Db, opts: { secure: boolean; now?: () => Date; cacheMs?: number; bus?: Bus }) {
  const now = opts.now ?? (() => new Date());
  const { store, lucia } = sessionParts(db, { secure: opts.secure, now });
  const bus = opts.bus ?? createLocalBus();
  const cache = sessionCache(bus, opts.cacheMs ?? SESSION_CACHE_MS);
  /** Drops the user's cached sessions here and everywhere else (inside `t`: once `t` commits). */
  const forgetEverywhere = async (userId: string, t?: Tx) => {
    cache.forget(userId);
    await bus.publish('curated_sessions', { userId }, t);
  };
  const { open, cookieFor } = sessionOpener(store, lucia, now);

  return {
    cookieName: SESSION_COOKIE,
    validate: (cookieHeader: string | null | undefined): Promise<SessionResult> => validateCookie({ lucia, cache, now }, cookieHeader),
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
        cache.drop(sessionId);
        await lucia.invalidateSession(sessionId);
        await bus.publish('curated_sessions', { sessionKey: sessionKey(sessionId) });
      }
      return lucia.createBlankSessionCookie().serialize();
    },

    async endAllFor(userId: string) {
      cache.forget(userId);
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
