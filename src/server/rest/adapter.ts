// Shared plumbing for the documented REST paths: each path is a thin adapter that calls a procedure
// through createCaller with the request's context, and maps errors to { success:false, message, code }.
import type { Context as HonoContext } from 'hono';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { createCaller } from '../trpc/root';
import { createContext } from '../trpc/context';
import type { Deps } from '../context';
import { toTRPCError, fieldErrorsOf, appDataOf } from '../trpc/errors';
import { AppError } from '../errors';
import { MSG } from '../../shared/messages';
import type { AppEnv } from '../http/types';

export type Caller = ReturnType<typeof createCaller>;

/** Reads a JSON body; an empty body is {}, a malformed one a 400. */
export async function readJson(c: HonoContext<AppEnv>): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('BAD_REQUEST', MSG.malformedJson);
  }
}

export function errorResponse(c: HonoContext<AppEnv>, err: unknown) {
  const trpcErr = err instanceof TRPCError ? err : toTRPCError(err);
  const status = getHTTPStatusCodeFromError(trpcErr) as ContentfulStatusCode;
  if (status >= 500) c.get('deps').log.error(`${c.req.method} ${c.req.path} failed`, trpcErr.cause ?? trpcErr);
  const message = status >= 500 ? MSG.internalError : trpcErr.message;
  const fieldErrors = fieldErrorsOf(trpcErr);
  return c.json({ success: false, message, code: trpcErr.code, ...(fieldErrors ? { fieldErrors } : {}), ...appDataOf(trpcErr) }, status);
}

/**
 * Runs a REST handler with a caller bound to this request. Cookies the procedure sets (sign-in,
 * sign-out) are copied to the response.
 */
export async function rest(
  c: HonoContext<AppEnv>,
  fn: (caller: Caller) => Promise<unknown>,
  opts: { status?: ContentfulStatusCode; headers?: Record<string, string> } = {},
) {
  const deps: Deps = c.get('deps');
  const resHeaders = new Headers();
  const ctx = createContext(deps, { user: c.get('user'), sessionId: c.get('sessionId'), ip: c.get('ip'), userAgent: c.req.header('user-agent'), resHeaders });
  let outcome: { ok: true; body: unknown } | { ok: false; err: unknown };
  try {
    outcome = { ok: true, body: await fn(createCaller(ctx)) };
  } catch (err) {
    outcome = { ok: false, err };
  }
  // Cookies go out on failures too (a refused sign-in may still end a stale session).
  for (const v of resHeaders.getSetCookie()) c.header('Set-Cookie', v, { append: true });
  if (!outcome.ok) return errorResponse(c, outcome.err);
  for (const [k, v] of Object.entries(opts.headers ?? {})) c.header(k, v);
  return c.json(outcome.body as object, opts.status ?? 200);
}

/** A CSV download from a procedure that answers { filename, csv }; errors as the other REST paths. */
export async function csvDownload(c: HonoContext<AppEnv>, fn: (caller: Caller) => Promise<{ filename: string; csv: string }>) {
  const ctx = createContext(c.get('deps'), { user: c.get('user'), sessionId: c.get('sessionId'), ip: c.get('ip'), resHeaders: new Headers() });
  try {
    const { filename, csv } = await fn(createCaller(ctx));
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
    });
  } catch (err) {
    return errorResponse(c, err);
  }
}
