// Hono context variables set by the app's middleware.
import type { Deps } from '../context';
import type { SessionUser } from '../auth/service';

export interface AppEnv {
  Variables: {
    deps: Deps;
    user: SessionUser | null;
    sessionId: string | null;
    /** The Set-Cookie value the session check asks for (a refreshed or cleared session), else null. */
    sessionCookie: string | null;
    ip: string;
    /** Set when the request's host is an account's custom domain (white-label). */
    customDomain: { host: string; userId: string } | undefined;
  };
}
