// Password reset by an e-mailed link: random token (only its hash is stored), 1 hour, single use.
import crypto from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { passwordResetTokens, users } from '../../../db/schema';
import type { Context } from '../context';
import { AppError } from '../errors';
import { MSG } from '../../shared/messages';
import { authRateRules } from './rate-rules';
import { hashPassword } from './password';
import { signInAs } from './accounts';
import { sha256Hex } from '../crypto';
import { tx } from '../db';

const TOKEN_TTL_MS = 60 * 60 * 1000;

type Ctx = Pick<Context, 'db' | 'env' | 'limiter' | 'auth' | 'now' | 'ip' | 'resHeaders' | 'sessionId' | 'mailer'>;

/** The reset mail; the date its text last changed. */
export const RESET_MAIL_UPDATED = '2026-11-21';
export const resetMail = (link: string) => ({
  subject: 'Reset your password',
  text: `Someone asked to reset the password of your account.\n\nChoose a new password here (the link works once, for one hour):\n${link}\n\nIf it was not you, ignore this message.`,
});

/** Always answers the same, whether or not the account exists. */
export async function requestReset(ctx: Ctx, email: string) {
  await ctx.limiter.hit(`codes:email:${email}`, authRateRules(ctx.env).codesEmail);
  const token = crypto.randomBytes(32).toString('base64url');
  // The account lookup and the token for it are one transaction; the mail goes after it commits.
  const issued = await tx(ctx.db, async (t) => {
    const [user] = await t.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (!user) return false;
    await t.insert(passwordResetTokens).values({ tokenHash: sha256Hex(token), userId: user.id, expiresAt: new Date(ctx.now().getTime() + TOKEN_TTL_MS) });
    return true;
  });
  if (issued) {
    const link = `${ctx.env.APP_URL}/reset-password?token=${token}`;
    await ctx.mailer.send({ to: email, ...resetMail(link), logNote: `link=${link}` });
  }
  return { success: true as const, message: MSG.resetLinkSent };
}

export async function resetPassword(ctx: Ctx, token: string, password: string) {
  const tokenHash = sha256Hex(token);
  // A cheap look first, so a made-up token never costs a password hash.
  const [known] = await ctx.db
    .select({ usedAt: passwordResetTokens.usedAt, expiresAt: passwordResetTokens.expiresAt })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash))
    .limit(1);
  if (!known || known.usedAt || known.expiresAt <= ctx.now()) throw new AppError('BAD_REQUEST', MSG.resetTokenInvalid);
  const passwordHash = await hashPassword(password);
  const now = ctx.now();
  // Redeeming is one conditional UPDATE: of requests that arrive together, exactly one wins it. The
  // new password and the end of the account's sessions are in the same transaction.
  const userId = await tx(ctx.db, async (t) => {
    const [won] = await t
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
      .returning({ userId: passwordResetTokens.userId });
    if (!won) return null;
    await t.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, won.userId));
    await ctx.auth.endAllIn(t, won.userId);
    return won.userId;
  });
  if (!userId) throw new AppError('BAD_REQUEST', MSG.resetTokenInvalid);
  await signInAs(ctx, userId);
  return { success: true as const, message: MSG.passwordResetDone };
}
