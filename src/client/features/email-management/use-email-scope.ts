// Which mail a page shows (the system's on /admin/emails, the account's own on /email-management) and
// the signed-in user's right to see it, read from the same plan facts the server checks.
import { useCurrentUser } from '../auth';
import { capabilitiesFor } from '../../../shared/plans';
import type { EmailScope } from '../../../shared/schemas/email-admin';

export function useEmailAccess(scope: EmailScope) {
  const user = useCurrentUser();
  if (!user) return { user: null, allowed: false };
  const allowed = scope === 'system' ? user.isStaff : capabilitiesFor(user).emailManagement;
  return { user, allowed };
}

export const HEALTH_POLL_MS = 30_000;
export const METRICS_POLL_MS = 60_000;
