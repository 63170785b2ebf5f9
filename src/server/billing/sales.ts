// Contact Sales (enterprise): the request is stored and every admin is told by mail. Free trial
// sign-up: a password-less account with the trial's plan for 7 days, and a sign-in code by mail;
// an address that already has an account gets the same answer (nothing is revealed) and no change.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Context } from '../context';
import type { SessionUser } from '../auth/service';
import { salesRequests, users } from '../../../db/schema';
import { AppError } from '../errors';
import { normalizeTrialPlan } from '../../shared/plans';
import { BILLING_MSG } from '../../shared/schemas/billing';
import { emailField } from '../../shared/schemas/auth';
import { authRateRules } from '../auth/rate-rules';
import { createAccount } from '../auth/accounts';
import { sendCode } from '../auth/codes';
import { tx } from '../db';
import { locks } from '../locks';

export async function contactSales(ctx: Pick<Context, 'db' | 'mailer' | 'now' | 'log'> & { user: SessionUser }, input: { message?: string; company?: string }) {
  const now = ctx.now();
  const row = {
    id: crypto.randomUUID(),
    userId: ctx.user.id,
    email: ctx.user.email,
    name: ctx.user.name,
    company: input.company ?? '',
    message: input.message ?? '',
    createdAt: now,
  };
  await ctx.db.insert(salesRequests).values(row);
  const admins = await ctx.db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));
  const text = `${row.name} <${row.email}> asks about the Enterprise plan.\n\nCompany: ${row.company || '(not given)'}\n\n${row.message || '(no message)'}\n`;
  for (const a of admins) {
    try {
      await ctx.mailer.send({ to: a.email, subject: `Enterprise enquiry from ${row.name}`, text, replyTo: row.email });
    } catch (err) {
      // Stored either way: staff see it even when the mail fails.
      ctx.log.error('sales notification failed', err);
    }
  }
  return { success: true as const, message: BILLING_MSG.salesRequestSent };
}

type TrialCtx = Pick<Context, 'db' | 'env' | 'limiter' | 'auth' | 'now' | 'ip' | 'resHeaders' | 'sessionId' | 'mailer' | 'user'>;

export async function startFreeTrial(ctx: TrialCtx, input: { email: string; name: string; plan?: string }) {
  if (!input.email.trim() || !input.name.trim()) throw new AppError('BAD_REQUEST', BILLING_MSG.missingInfo);
  const parsed = emailField.safeParse(input.email);
  if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
  const email = parsed.data;
  await ctx.limiter.hit(`signup:ip:${ctx.ip}`, authRateRules(ctx.env).signupIp);
  // One transaction: an account made for the address at the same moment leaves this one unchanged.
  await tx(ctx.db, async (t) => {
    await locks.accountEmail(t, email);
    const [exists] = await t.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!exists) await createAccount(t, { email, name: input.name.trim(), passwordHash: null, trialPlan: normalizeTrialPlan(input.plan) }, ctx.now());
  });
  // The same code as /auth's e-mail sign-in: it proves the address and signs the visitor in.
  await sendCode(ctx, email);
  return { success: true, message: BILLING_MSG.trialStarted };
}
