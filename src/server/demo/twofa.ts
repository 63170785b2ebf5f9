// The two-factor demo's check: the same code rules as signing in by e-mail (auth/codes.ts), but a
// correct code only says so; no session starts and no account is made or changed.
import type { Context } from '../context';
import { AppError } from '../errors';
import { checkCode } from '../auth/codes';
import { MSG } from '../../shared/messages';
import { demoEvents } from './events';

export async function verifyDemoCode(ctx: Pick<Context, 'db' | 'env' | 'now'>, email: string, code: string) {
  try {
    await checkCode(ctx, email, code);
  } catch (err) {
    if (err instanceof AppError) demoEvents.record({ kind: 'code_rejected', page: 'twofa-demo' }, ctx.now());
    throw err;
  }
  demoEvents.record({ kind: 'code_verified', page: 'twofa-demo' }, ctx.now());
  return { success: true as const, message: MSG.codeVerified };
}
