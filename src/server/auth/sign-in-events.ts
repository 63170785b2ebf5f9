// Sign-in attempts as /admin/security shows them: the address, the account when there is one, the
// method, the outcome (success, failure, rate-limited, disabled account), the address and browser.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db';
import { signInEvents, users, type SIGN_IN_OUTCOMES } from '../../../db/schema';
import { AppError } from '../errors';

export type SignInOutcome = (typeof SIGN_IN_OUTCOMES)[number];

interface Ctx {
  db: Db;
  now: () => Date;
  ip: string;
  userAgent?: string;
}

export function recordSignIn(ctx: Ctx, email: string, method: string, outcome: SignInOutcome) {
  const userId = ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)).get()?.id ?? null;
  ctx.db
    .insert(signInEvents)
    .values({
      id: crypto.randomUUID(),
      userId,
      email: email.slice(0, 254),
      method,
      outcome,
      ip: ctx.ip,
      userAgent: (ctx.userAgent ?? '').slice(0, 300),
      createdAt: ctx.now(),
    })
    .run();
}

/** The outcome a failed attempt's error stands for. */
export function outcomeOf(err: unknown): SignInOutcome {
  if (err instanceof AppError && err.code === 'TOO_MANY_REQUESTS') return 'rate_limited';
  if (err instanceof AppError && err.code === 'FORBIDDEN') return 'disabled';
  return 'failure';
}
