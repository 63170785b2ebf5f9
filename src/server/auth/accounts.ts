// Accounts: sign-up, sign-in and sign-out with e-mail and password. The first account is the admin.
import { outcomeOf, recordSignIn } from './sign-in-events';
import crypto from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { users, type UserRow } from '../../../db/schema';
import type { Context } from '../context';
import { AppError } from '../errors';
import { MSG } from '../../shared/messages';
import { hashPassword, verifyPassword, dummyHash } from './password';
import { authRateRules } from './rate-rules';
import type { SignInInput, SignUpInput } from '../../shared/schemas/auth';
import { normalizePlan, normalizeRole, type PlanType, type Role } from '../../shared/plans';
import type { Db, DbOrTx } from '../db';

type Ctx = Pick<Context, 'db' | 'env' | 'limiter' | 'auth' | 'now' | 'ip' | 'resHeaders' | 'sessionId'> & { userAgent?: string };

function baseUsername(email: string) {
  return (
    (email.split('@')[0] ?? 'user')
      .toLowerCase()
      .replace(/[^a-z0-9._-]/g, '')
      .slice(0, 24) || 'user'
  );
}

function freeUsername(db: DbOrTx, email: string): string {
  const base = baseUsername(email);
  for (let i = 0; i < 20; i++) {
    const candidate = i === 0 ? base : `${base}${crypto.randomInt(1000, 99999)}`;
    if (!db.select({ id: users.id }).from(users).where(eq(users.username, candidate)).get()) return candidate;
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
 * Creates an account in one transaction. On an empty database the first account is the admin;
 * otherwise the role is what the caller asks for (the CLI) or 'user'.
 */
export function createAccount(db: Db, acc: NewAccount, now: Date): UserRow {
  return db.transaction((tx) => {
    if (tx.select({ id: users.id }).from(users).where(eq(users.email, acc.email)).get()) {
      throw new AppError('CONFLICT', MSG.emailTaken);
    }
    const accounts = tx.select({ n: count() }).from(users).get()?.n ?? 0;
    const row: UserRow = {
      id: crypto.randomUUID(),
      email: acc.email,
      name: acc.name,
      username: freeUsername(tx, acc.email),
      avatar: acc.avatar ?? null,
      passwordHash: acc.passwordHash,
      role: accounts === 0 ? 'admin' : normalizeRole(acc.role),
      planType: normalizePlan(acc.planType),
      trialPlan: acc.trialPlan ?? null,
      disabledAt: null,
      productNewsOptIn: false,
      onboardingUnsubscribedAt: null,
      emailVerifiedAt: acc.verified ? now : null,
      createdAt: now,
      updatedAt: now,
    };
    tx.insert(users).values(row).run();
    return row;
  });
}

async function startSession(ctx: Ctx, userId: string) {
  ctx.resHeaders.append('Set-Cookie', await ctx.auth.start(userId));
}

export async function signUp(ctx: Ctx, input: SignUpInput): Promise<UserRow> {
  const rules = authRateRules(ctx.env);
  ctx.limiter.hit(`signup:ip:${ctx.ip}`, rules.signupIp);
  const passwordHash = await hashPassword(input.password);
  const user = createAccount(ctx.db, { email: input.email, name: input.name, passwordHash }, ctx.now());
  try {
    await startSession(ctx, user.id);
  } catch (err) {
    // lucia's session API is async, so it cannot join the sync transaction above: undo by hand.
    ctx.db.delete(users).where(eq(users.id, user.id)).run();
    throw err;
  }
  return user;
}

/** Password sign-in; every attempt, whatever its outcome, is recorded for /admin/security. */
export async function signIn(ctx: Ctx, input: SignInInput): Promise<UserRow> {
  try {
    const user = await passwordSignIn(ctx, input);
    recordSignIn(ctx, input.email, 'password', 'success');
    return user;
  } catch (err) {
    recordSignIn(ctx, input.email, 'password', outcomeOf(err));
    throw err;
  }
}

async function passwordSignIn(ctx: Ctx, input: SignInInput): Promise<UserRow> {
  const rules = authRateRules(ctx.env);
  // Both attempts are counted before the password is verified, so parallel guesses meet the limit too.
  const releaseEmail = ctx.limiter.hit(`signin:email:${input.email}`, rules.signinEmail);
  let releaseIp: () => void;
  try {
    releaseIp = ctx.limiter.hit(`signin:ip:${ctx.ip}`, rules.signinIp);
  } catch (err) {
    releaseEmail();
    throw err;
  }
  const user = ctx.db.select().from(users).where(eq(users.email, input.email)).get();
  const ok = user?.passwordHash ? await verifyPassword(user.passwordHash, input.password) : (await verifyPassword(await dummyHash(), input.password), false);
  if (!user || !ok) throw new AppError('UNAUTHORIZED', MSG.invalidCredentials);
  // Only failures count towards the limits.
  releaseEmail();
  releaseIp();
  await startSession(ctx, user.id);
  return user;
}

export async function signOut(ctx: Ctx): Promise<void> {
  ctx.resHeaders.append('Set-Cookie', await ctx.auth.end(ctx.sessionId));
}

/**
 * Records that the owner of the account's address just proved it (an e-mail code, or an OAuth
 * provider's verified address). An account whose address was never proven may have been opened by
 * someone else in the owner's name, ready to be taken over once the owner uses it: unless the prover is
 * already signed in to it (which needed its password), its password and sessions are dropped first.
 */
export async function confirmEmailOwner(ctx: Ctx & Pick<Context, 'user'>, user: UserRow): Promise<UserRow> {
  if (user.emailVerifiedAt) return user;
  const now = ctx.now();
  const provenBySession = ctx.user?.id === user.id;
  const patch = provenBySession ? { emailVerifiedAt: now, updatedAt: now } : { emailVerifiedAt: now, passwordHash: null, updatedAt: now };
  ctx.db.update(users).set(patch).where(eq(users.id, user.id)).run();
  if (provenBySession) ctx.auth.forgetUser(user.id);
  else await ctx.auth.endAllFor(user.id);
  return { ...user, ...patch };
}

export async function signInAs(ctx: Ctx, userId: string) {
  await startSession(ctx, userId);
}
