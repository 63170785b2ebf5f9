// Sign-in attempts as /admin/security shows them: the address, the account when there is one, the
// method, the outcome (success, failure, rate-limited, disabled account), the address and browser.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { tx, type Db } from '../db';
import { signInEvents, users, type SIGN_IN_OUTCOMES } from '../../../db/schema';
import { AppError } from '../errors';
import { ACCOUNT_DISABLED } from './service';

export type SignInOutcome = (typeof SIGN_IN_OUTCOMES)[number];

interface Ctx {
  db: Db;
  now: () => Date;
  ip: string;
  userAgent?: string;
}

/**
 * The account lookup and the event that names it are one transaction (the account may be deleted meanwhile).
 * `userId` names the account when the method knows it (a provider account linked to an account whose
 * address is not the provider's).
 */
export async function recordSignIn(ctx: Ctx, email: string, method: string, outcome: SignInOutcome, userId?: string): Promise<void> {
  await tx(ctx.db, async (t) => {
    const [user] = await t
      .select({ id: users.id })
      .from(users)
      .where(userId ? eq(users.id, userId) : eq(users.email, email))
      .limit(1);
    await t.insert(signInEvents).values({
      id: crypto.randomUUID(),
      userId: user?.id ?? null,
      email: email.slice(0, 254),
      method,
      outcome,
      ip: ctx.ip,
      userAgent: (ctx.userAgent ?? '').slice(0, 300),
      createdAt: ctx.now(),
    });
  });
}

/** The outcome a failed attempt's error stands for. */
export function outcomeOf(err: unknown): SignInOutcome {
  if (err instanceof AppError && err.code === 'TOO_MANY_REQUESTS') return 'rate_limited';
  if (err instanceof AppError && err.code === 'FORBIDDEN' && err.message === ACCOUNT_DISABLED) return 'disabled';
  return 'failure';
}
