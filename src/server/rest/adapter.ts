// Shared plumbing for the documented REST paths: each path is a thin adapter that calls a procedure
// through createCaller with the request's context, and every failure answers through errorResponse.
import type { Context as HonoContext } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { createCaller } from '../routers';
import { createContext } from '../trpc/context';
import type { Context } from '../context';
import { AppError } from '../errors';
import { MSG } from '../../shared/messages';
import type { AppEnv } from '../http/types';
import { errorResponse, type ErrorOptions } from '../http/error-response';

// The adapters' toolkit in one import: the error answer is shared with the app's middleware.
export { errorResponse };

type Caller = ReturnType<typeof createCaller>;

/**
 * The caller as an HTTP edge sees it: what a request carries (its JSON body, its query) is passed as it
 * came, and the procedure's own input schema checks it, after the procedure's authorisation, exactly as
 * over /api/trpc. Declared as a method so that a procedure's typed parameter accepts it.
 */
type Unchecked<T> = {
  [K in keyof T]: T[K] extends (input: never) => Promise<infer O> ? { call(input?: unknown): Promise<O> }['call'] : Unchecked<T[K]>;
};
export type RestCaller = Unchecked<Caller>;

/** The one way a REST path builds a procedure context from its request (and, on /api/v1, the key it was made with). */
export function requestContext(c: HonoContext<AppEnv>, resHeaders = new Headers(), apiKey?: Context['apiKey']): Context {
  return createContext(c.get('deps'), {
    user: c.get('user'),
    sessionId: c.get('sessionId'),
    ip: c.get('ip'),
    userAgent: c.req.header('user-agent'),
    resHeaders,
    apiKey,
    servedFor: c.get('customDomain')?.userId,
  });
}

const restCaller = (ctx: Context): RestCaller => createCaller(ctx);

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

/** A form body's fields; a body that cannot be read as a form has none. */
export async function formFields(req: { parseBody(): Promise<Record<string, unknown>> }): Promise<Record<string, unknown>> {
  try {
    return await req.parseBody();
  } catch {
    return {};
  }
}

/** A JSON body with the path's own fields added (they win); a body that is not an object adds nothing. */
/** An upload's bytes: the raw body, or a multipart form's `file` field. */
export async function uploadedBytes(req: {
  header(name: string): string | undefined;
  arrayBuffer(): Promise<ArrayBuffer>;
  parseBody(): Promise<Record<string, unknown>>;
}): Promise<Uint8Array> {
  if (!/^multipart\/form-data/i.test(req.header('content-type') ?? '')) return new Uint8Array(await req.arrayBuffer());
  const file = (await formFields(req)).file;
  return file instanceof Blob ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array();
}

export function withFields(body: unknown, fields: Record<string, string>): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...body, ...fields } : fields;
}

/**
 * Runs a REST handler with a caller bound to this request. Cookies the procedure sets (sign-in,
 * sign-out) are copied to the response.
 */
export async function rest(
  c: HonoContext<AppEnv>,
  fn: (caller: RestCaller) => Promise<object>,
  opts: { status?: ContentfulStatusCode; headers?: Record<string, string> } & ErrorOptions = {},
) {
  const resHeaders = new Headers();
  let outcome: { ok: true; body: object } | { ok: false; err: unknown };
  try {
    outcome = { ok: true, body: await fn(restCaller(requestContext(c, resHeaders))) };
  } catch (err) {
    outcome = { ok: false, err };
  }
  // Cookies go out on failures too (a refused sign-in may still end a stale session).
  for (const v of resHeaders.getSetCookie()) c.header('Set-Cookie', v, { append: true });
  if (!outcome.ok) return errorResponse(c, outcome.err, opts);
  for (const [k, v] of Object.entries(opts.headers ?? {})) c.header(k, v);
  return c.json(outcome.body, opts.status ?? 200);
}

/** A file download from a procedure; errors as the other REST paths. */
export async function download(
  c: HonoContext<AppEnv>,
  fn: (caller: RestCaller) => Promise<{ body: string | Uint8Array<ArrayBuffer>; headers: Record<string, string> }>,
) {
  try {
    const file = await fn(restCaller(requestContext(c)));
    return c.body(file.body, 200, file.headers);
  } catch (err) {
    return errorResponse(c, err);
  }
}

/** A CSV download from a procedure that answers { filename, csv }. */
export function csvDownload(c: HonoContext<AppEnv>, fn: (caller: RestCaller) => Promise<{ filename: string; csv: string }>) {
  return download(c, async (api) => {
    const { filename, csv } = await fn(api);
    return {
      body: csv,
      headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"`, 'Cache-Control': 'no-store' },
    };
  });
}
