// Builds the per-request context (src/server/context.ts) from the dependencies and the request's facts.
import type { Context, Deps } from '../context';
import type { SessionUser } from '../auth/service';

export function createContext(
  deps: Deps,
  req: { user: SessionUser | null; sessionId: string | null; ip: string; userAgent?: string; resHeaders: Headers; apiKey?: Context['apiKey'] },
): Context {
  return {
    ...deps,
    user: req.user,
    sessionId: req.sessionId,
    ip: req.ip,
    userAgent: req.userAgent ?? '',
    resHeaders: req.resHeaders,
    ...(req.apiKey ? { apiKey: req.apiKey } : {}),
  };
}
