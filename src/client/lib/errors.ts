// Turns a failed call into what the client acts on: the HTTP status of a server's answer, and the
// text a user should read (the server's message when it answered, otherwise the spec's generic
// wording, §8).
import { isTRPCClientError, type TRPCClientError } from '@trpc/client';
import type { AppRouter } from '../../server/routers';
import { MSG } from '../../shared/messages';

export type AppClientError = TRPCClientError<AppRouter>;

/** The HTTP status the server answered with; undefined when the failure is not a tRPC answer (offline, a bug). */
export function httpStatusOf(err: unknown): number | undefined {
  return isTRPCClientError<AppRouter>(err) ? err.data?.httpStatus : undefined;
}

/** True when the request never got an answer from the server (offline, connection refused). */
export function isNetworkError(err: unknown): boolean {
  if (!(err instanceof Error) || httpStatusOf(err) !== undefined) return false;
  return /fetch|network|load failed/i.test(err.message);
}

export function errorMessage(err: unknown, fallback: string = MSG.unknownError): string {
  if (err instanceof Error || (err && typeof err === 'object' && 'message' in err)) {
    const msg = (err as { message?: string }).message;
    if (msg && !isNetworkError(err)) return msg;
    return fallback;
  }
  return fallback;
}
