// Hono context variables set by the app's middleware.
import type { Deps } from '../trpc/context';
import type { SessionUser } from '../auth/service';

export interface AppEnv {
  Variables: {
    deps: Deps;
    user: SessionUser | null;
    sessionId: string | null;
    ip: string;
  };
}
