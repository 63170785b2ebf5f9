// Accounts: sign-up, sign-in and sign-out with e-mail and password. The first account is the admin.
import { outcomeOf, recordSignIn } from './sign-in-events';
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users, type UserRow } from '../../../db/schema';
import type { Context } from '../context';
import { AppError } from '../errors';
import { MSG } from '../../shared/messages';
import { hashPassword, verifyPassword, dummyHash } from './password';
import { authRateRules } from './rate-rules';
import type { SignInInput, SignUpInput } from '../../shared/schemas/auth';
import { normalizePlan, normalizeRole, type PlanType, type Role } from '../../shared/plans';
import { tx, type DbOrTx, type Tx } from '../db';
import { locks } from '../locks';

type Ctx = Pick<Context, 'db' | 'env' | 'limiter' | 'auth' | 'now' | 'ip' | 'resHeaders' | 'sessionId'> & { userAgent?: string };

function baseUsername(email: string) {
  return (
    (email.split('@')[0] ?? 'user')
      .toLowerCase()
      .replace(/[^a-z0-9._-]/g, '')
      .slice(0, 24) || 'user'
  );
}

/** Run it in the transaction that inserts the account: the username is locked until it commits. */
async function freeUsername(db: Tx, email: string): Promise<string> {
  const base = baseUsername(email);
  await locks.username(db, base);
  for (let i = 0; i < 20; i++) {
    const candidate = i === 0 ? base : `${base}${crypto.randomInt(1000, 99999)}`;
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.username, candidate)).limit(1);
    if (!taken) return candidate;
  }
  return `${base}-${crypto.randomUUID().slice(0, 8)}`;
}

export interface NewAccount {
  email: string;
  name: string;
  passwordHash: string | null;
  role?: Role;
  planType?: PlanType;
  /** The plan a free trial gives for its 7 days. */
  trialPlan?: PlanType | null;
  avatar?: string | null;
  verified?: boolean;
}

/**
 * Creates an account in one transaction (a savepoint when `db` is the caller's transaction): the
 * address check, the first-account check and the insert. On an empty database the first account is
 * the admin; otherwise the role is what the caller asks for (the CLI) or 'user'.
 */
export async function createAccount(db: DbOrTx, acc: NewAccount, now: Date): Promise<UserRow> {
  return tx(db, async (t) => {
    await locks.accountEmail(t, acc.email);
    const [taken] = await t.select({ id: users.id }).from(users).where(eq(users.email, acc.email)).limit(1);
    if (taken) throw new AppError('CONFLICT', MSG.emailTaken);
    const username = await freeUsername(t, acc.email);
    const row: UserRow = {
      id: crypto.randomUUID(),
      email: acc.email,
      name: acc.name,
      username,
      avatar: acc.avatar ?? null,
      passwordHash: acc.passwordHash,
      role: (await isFirstAccount(t)) ? 'admin' : normalizeRole(acc.role),
      planType: normalizePlan(acc.planType),
      trialPlan: acc.trialPlan ?? null,
      disabledAt: null,
      productNewsOptIn: false,
      onboardingUnsubscribedAt: null,
      emailVerifiedAt: acc.verified ? now : null,
      createdAt: now,
      updatedAt: now,
    };
    await t.insert(users).values(row);
    return row;
  });
}

/**
 * Whether the database has no account yet, for the transaction `t` about to insert one. Once an account
 * is committed the answer stays no, so only an empty-looking database takes the lock and counts again
 * (sign-ups on a populated database do not wait for each other).
 */
async function isFirstAccount(t: Tx): Promise<boolean> {
  // One row is enough to answer, however many accounts there are.
  const empty = async () => (await t.select({ id: users.id }).from(users).limit(1)).length === 0;
  if (!(await empty())) return false;
  await locks.firstAccount(t);
  return empty();
}

/** Writes a session for the user inside the transaction `t` and returns its id (see sendSessionCookie). */
async function openSession(ctx: Pick<Ctx, 'auth'>, t: Tx, userId: string): Promise<string> {
  return ctx.auth.open(t, userId);
}

/** Sends the cookie of a session openSession wrote, once its transaction has committed. */
function sendSessionCookie(ctx: Pick<Ctx, 'auth' | 'resHeaders'>, sessionId: string) {
  ctx.resHeaders.append('Set-Cookie', ctx.auth.cookieFor(sessionId));
}

/** Creates the account and its first session in one transaction: if the session cannot start, no account is left. */
export async function signUp(ctx: Ctx, input: SignUpInput): Promise<UserRow> {
  const rules = authRateRules(ctx.env);
  await ctx.limiter.hit(`signup:ip:${ctx.ip}`, rules.signupIp);
  const passwordHash = await hashPassword(input.password);
  const { user, sessionId } = await tx(ctx.db, async (t) => {
    const user = await createAccount(t, { email: input.email, name: input.name, passwordHash }, ctx.now());
    return { user, sessionId: await openSession(ctx, t, user.id) };
  });
  sendSessionCookie(ctx, sessionId);
  return user;
}

/** Password sign-in; every attempt, whatever its outcome, is recorded for /admin/security. */
export async function signIn(ctx: Ctx, input: SignInInput): Promise<UserRow> {
  try {
    const user = await passwordSignIn(ctx, input);
    await recordSignIn(ctx, input.email, 'password', 'success');
    return user;
  } catch (err) {
    await recordSignIn(ctx, input.email, 'password', outcomeOf(err));
    throw err;
  }
}

async function passwordSignIn(ctx: Ctx, input: SignInInput): Promise<UserRow> {
  const rules = authRateRules(ctx.env);
  // Both attempts are counted before the password is verified, so parallel guesses meet the limit too.
  const releaseEmail = await ctx.limiter.hit(`signin:email:${input.email}`, rules.signinEmail);
  let releaseIp: () => Promise<void>;
  try {
    releaseIp = await ctx.limiter.hit(`signin:ip:${ctx.ip}`, rules.signinIp);
  } catch (err) {
    await releaseEmail();
    throw err;
  }
  const [user] = await ctx.db.select().from(users).where(eq(users.email, input.email)).limit(1);
  const ok = user?.passwordHash ? await verifyPassword(user.passwordHash, input.password) : (await verifyPassword(await dummyHash(), input.password), false);
  if (!user || !ok) throw new AppError('UNAUTHORIZED', MSG.invalidCredentials);
  // Only failures count towards the limits.
  await releaseEmail();
  await releaseIp();
  await signInAs(ctx, user.id);
  return user;
}

export async function signOut(ctx: Ctx): Promise<void> {
  ctx.resHeaders.append('Set-Cookie', await ctx.auth.end(ctx.sessionId));
}

/**
 * Records that the owner of the account's address just proved it (an e-mail code, or an OAuth
 * provider's verified address). An account whose address was never proven may have been opened by
 * someone else in the owner's name, ready to be taken over once the owner uses it: unless the prover is
 * already signed in to it (which needed its password), its password and sessions are dropped first,
 * inside the caller's transaction `t` (the one that looked the account up).
 */
export async function confirmEmailOwner(ctx: Ctx & Pick<Context, 'user'>, t: Tx, user: UserRow): Promise<UserRow> {
  if (user.emailVerifiedAt) return user;
  const now = ctx.now();
  const provenBySession = ctx.user?.id === user.id;
  const patch = provenBySession ? { emailVerifiedAt: now, updatedAt: now } : { emailVerifiedAt: now, passwordHash: null, updatedAt: now };
  await t.update(users).set(patch).where(eq(users.id, user.id));
  if (provenBySession) await ctx.auth.forgetUser(user.id, t);
  else await ctx.auth.endAllIn(t, user.id);
  return { ...user, ...patch };
}

/** Starts a session for the user (the disabled check and the write in one transaction). */
export async function signInAs(ctx: Pick<Ctx, 'auth' | 'resHeaders'>, userId: string) {
  ctx.resHeaders.append('Set-Cookie', await ctx.auth.start(userId));
}
