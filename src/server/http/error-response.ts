// The one error answer of the HTTP edges (the /api paths, their middleware, the app's last resort):
// `{ success: false, message, code }` with the status tRPC's own table gives the error.
import type { Context } from 'hono';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { toTRPCError, fieldErrorsOf, appDataOf } from '../trpc/errors';
import { MSG } from '../../shared/messages';
import type { AppEnv } from './types';

const CONTENTLESS = new Set([101, 204, 205, 304]);
const isContentful = (status: number): status is ContentfulStatusCode => status >= 100 && status <= 599 && !CONTENTLESS.has(status);

/** The HTTP status tRPC gives an error (the one status table of the app). */
export function statusOf(err: TRPCError): ContentfulStatusCode {
  const status = getHTTPStatusCodeFromError(err);
  return isContentful(status) ? status : 500;
}

export interface ErrorOptions {
  /** The spec's sentence for this path's unexpected failures, instead of the generic one. */
  internalMessage?: string;
}

/**
 * The one error answer of the /api paths: `{ success: false, message, code }` with the status tRPC
 * gives the error, plus field errors of a refused input and a domain error's extra data. Unexpected
 * failures are logged once and answered without their details.
 */
export function errorResponse(c: Context<AppEnv>, err: unknown, opts: ErrorOptions = {}) {
  const trpcErr = err instanceof TRPCError ? err : toTRPCError(err);
  const status = statusOf(trpcErr);
  if (status >= 500) c.get('deps').log.error(`${c.req.method} ${c.req.path} failed`, trpcErr.cause ?? trpcErr);
  const message = status >= 500 && status !== 503 ? (opts.internalMessage ?? MSG.internalError) : trpcErr.message;
  const fieldErrors = fieldErrorsOf(trpcErr);
  // A rate limit's wait also goes out as Retry-After; the public API's own codes stay out of these answers.
  const { apiCode: _apiCode, ...data } = appDataOf(trpcErr) ?? {};
  if (typeof data.retryAfterSeconds === 'number') c.header('Retry-After', String(data.retryAfterSeconds));
  return c.json({ success: false, message, code: trpcErr.code, ...(fieldErrors ? { fieldErrors } : {}), ...data }, status);
}
