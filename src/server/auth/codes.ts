// E-mail one-time codes: 6 digits, 15 minutes, single use, at most 5 tries. A verified code signs the
// owner of that address in (creating a password-less account on first use).
import { outcomeOf, recordSignIn } from './sign-in-events';
import crypto from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { emailCodes, users } from '../../../db/schema';
import type { Context } from '../context';
import { AppError } from '../errors';
import { MSG } from '../../shared/messages';
import type { CodePurpose } from '../../shared/schemas/auth';
import { authRateRules } from './rate-rules';
import { confirmEmailOwner, createAccount, signInAs } from './accounts';
import { tx, type DbOrTx } from '../db';
import { locks } from '../locks';

export const CODE_TTL_MS = 15 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;

type Ctx = Pick<Context, 'db' | 'env' | 'limiter' | 'auth' | 'now' | 'ip' | 'resHeaders' | 'sessionId' | 'mailer' | 'user'> & { userAgent?: string };

/** The sign-in code mail (sign-in, the 2FA demo, a trial's confirmation); the date its text last changed. */
export const CODE_MAIL_UPDATED = '2026-11-21';
export const codeMail = (code: string) => ({
  subject: `Your sign-in code: ${code}`,
  text: `Your verification code is ${code}.\n\nIt expires in 15 minutes and works once. If you did not ask for it, ignore this message.`,
});

/** The code that proves a signed-in creator's own address before they send to other people (step 5). */
export const SENDER_CODE_MAIL_UPDATED = '2026-12-03';
export const senderCodeMail = (code: string, email: string) => ({
  subject: `Verify your sender address: ${code}`,
  text:
    `Your code to verify ${email} for sending is ${code}.\n\n` +
    'Enter it on your dashboard or in the last step of your newsletter to send issues to other people. It expires in 15 minutes and works once. ' +
    'If you did not ask for it, ignore this message: nothing is sent until the code is entered.',
});

export const CODE_MSG = {
  senderNotYours: 'Sign in to verify your own address for sending.',
} as const;

/** The mail for a code's purpose: chosen here, from the fixed list of purposes, never by the caller's words. */
export function mailForPurpose(code: string, email: string, purpose: CodePurpose) {
  return purpose === 'verify-sender' ? senderCodeMail(code, email) : codeMail(code);
}

const hashCode = (secret: string, email: string, code: string) => crypto.createHmac('sha256', secret).update(`${email}:${code}`).digest('hex');

/**
 * `purpose` 'verify-sender' is the signed-in creator proving their own address: anyone else (signed out,
 * or naming another address) is refused, so the product never mails a stranger "verify your sender address".
 */
export async function sendCode(ctx: Ctx, email: string, purpose: CodePurpose = 'sign-in') {
  if (purpose === 'verify-sender' && ctx.user?.email !== email) throw new AppError('FORBIDDEN', CODE_MSG.senderNotYours);
  await ctx.limiter.hit(`codes:email:${email}`, authRateRules(ctx.env).codesEmail);
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  const now = ctx.now();
  await tx(ctx.db, async (t) => {
    // A new code replaces any earlier unused one for the address; two requests at once leave one.
    await locks.emailCodes(t, email);
    await t
      .update(emailCodes)
      .set({ usedAt: now })
      .where(and(eq(emailCodes.email, email), isNull(emailCodes.usedAt)));
    await t.insert(emailCodes).values({
      id: crypto.randomUUID(),
      email,
      codeHash: hashCode(ctx.env.APP_SECRET, email, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      createdAt: now,
    });
  });
  await ctx.mailer.send({ to: email, ...mailForPurpose(code, email, purpose), logNote: `code=${code}` });
  return { success: true as const, message: MSG.codeSent };
}

/**
 * Checks a code and uses it up, without signing anyone in (the 2FA demo asks only this). The newest
 * unused code of the address must be unexpired and match; a wrong code counts a try and the fifth
 * voids it. verifyCode builds on this, so both follow the same rules. The read and the write that
 * spends the code or counts the try are one transaction (a savepoint inside the caller's `db`), so
 * two requests never spend one code or both count the same try. A wrong code's try is counted even
 * though the error is thrown: it commits before the refusal.
 */
export async function checkCode(ctx: Pick<Ctx, 'env' | 'now'> & { db: DbOrTx }, email: string, code: string): Promise<void> {
  const now = ctx.now();
  const valid = await tx(ctx.db, async (t) => {
    await locks.emailCodes(t, email);
    const [row] = await t
      .select()
      .from(emailCodes)
      .where(and(eq(emailCodes.email, email), isNull(emailCodes.usedAt)))
      .orderBy(desc(emailCodes.createdAt))
      .limit(1);
    if (!row || row.expiresAt <= now || row.attempts >= CODE_MAX_ATTEMPTS) return false;
    const given = Buffer.from(hashCode(ctx.env.APP_SECRET, email, code));
    const expected = Buffer.from(row.codeHash);
    if (!crypto.timingSafeEqual(given, expected)) {
      const attempts = row.attempts + 1;
      await t
        .update(emailCodes)
        .set({ attempts, usedAt: attempts >= CODE_MAX_ATTEMPTS ? now : null })
        .where(eq(emailCodes.id, row.id));
      return false;
    }
    await t.update(emailCodes).set({ usedAt: now }).where(eq(emailCodes.id, row.id));
    return true;
  });
  if (!valid) throw new AppError('BAD_REQUEST', MSG.codeInvalid);
}

/** Signs the owner of the address in with a mailed code; every attempt is recorded for /admin/security. */
export async function verifyCode(ctx: Ctx, email: string, code: string) {
  try {
    const result = await codeSignIn(ctx, email, code);
    await recordSignIn(ctx, email, 'code', 'success');
    return result;
  } catch (err) {
    await recordSignIn(ctx, email, 'code', outcomeOf(err));
    throw err;
  }
}

/**
 * The code is spent first (a wrong one's try stays counted); then the account is looked up and
 * confirmed, or created, in one transaction, and the session starts (a disabled account is refused
 * there, after its address was confirmed).
 */
async function codeSignIn(ctx: Ctx, email: string, code: string) {
  await checkCode(ctx, email, code);
  const now = ctx.now();
  const user = await tx(ctx.db, async (t) => {
    await locks.accountEmail(t, email);
    const [existing] = await t.select().from(users).where(eq(users.email, email)).limit(1);
    return existing
      ? confirmEmailOwner(ctx, t, existing)
      : createAccount(t, { email, name: email.split('@')[0] ?? email, passwordHash: null, verified: true }, now);
  });
  await signInAs(ctx, user.id);
  return { success: true as const, message: MSG.codeVerified, user };
}
