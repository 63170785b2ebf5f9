// Helpers shared by the foundation integration tests: status assertions, outbox reads, sign-up.
import { expect } from 'vitest';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { desc, eq } from 'drizzle-orm';
import { outbox } from '../../../db/schema';
import type { Harness } from '../../helpers/app';
import { jsonRequest, cookieFrom } from '../../helpers/app';

/** Awaits a procedure call that must fail and returns its HTTP status and error. */
export async function failure(p: Promise<unknown>): Promise<{ status: number; error: TRPCError }> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(TRPCError);
    return { status: getHTTPStatusCodeFromError(err as TRPCError), error: err as TRPCError };
  }
  throw new Error('expected the call to fail');
}

export async function expectStatus(p: Promise<unknown>, status: number) {
  const f = await failure(p);
  expect(f.status).toBe(status);
  return f.error;
}

/** The newest outbox message to an address. */
export async function lastMail(h: Pick<Harness, 'db'>, to: string) {
  const row = (await h.db.select().from(outbox).where(eq(outbox.toAddress, to)).orderBy(desc(outbox.id)))[0];
  if (!row) throw new Error(`no mail to ${to}`);
  return row;
}

export async function codeFromMail(h: Pick<Harness, 'db'>, to: string): Promise<string> {
  const m = /\b(\d{6})\b/.exec((await lastMail(h, to)).text);
  if (!m) throw new Error('no code in the mail');
  return m[1];
}

export async function resetTokenFromMail(h: Pick<Harness, 'db'>, to: string): Promise<string> {
  const m = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec((await lastMail(h, to)).text);
  if (!m) throw new Error('no reset link in the mail');
  return m[1];
}

/** Signs up over REST and returns the session cookie and the user. */
export async function signUpRest(h: Pick<Harness, 'app'>, body: { name?: string; email: string; password?: string }) {
  const res = await h.app.request(
    '/api/auth/signup',
    jsonRequest('POST', { name: body.name ?? 'Test User', email: body.email, password: body.password ?? 'correct horse battery' }),
  );
  expect(res.status).toBe(201);
  const json = (await res.json()) as { user: { id: string; role: string; email: string } };
  return { cookie: cookieFrom(res), user: json.user };
}
