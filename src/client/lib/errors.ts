// Turns a failed call into the text a user should read: the server's message when it answered,
// otherwise the spec's generic wording (§8).
import { MSG } from '../../shared/messages';

interface TrpcLikeError {
  message?: string;
  data?: { httpStatus?: number } | null;
}

/** True when the request never got an answer from the server (offline, connection refused). */
export function isNetworkError(err: unknown): boolean {
  const e = err as TrpcLikeError | undefined;
  if (!e || typeof e !== 'object') return false;
  if (e.data && typeof e.data.httpStatus === 'number') return false;
  return /fetch|network|load failed/i.test(e.message ?? '');
}

export function errorMessage(err: unknown, fallback: string = MSG.unknownError): string {
  if (err instanceof Error || (err && typeof err === 'object' && 'message' in err)) {
    const msg = (err as { message?: string }).message;
    if (msg && !isNetworkError(err)) return msg;
    return fallback;
  }
  return fallback;
}
