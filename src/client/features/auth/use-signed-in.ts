import { useNavigate } from '@tanstack/react-router';
import { trpc } from '../../trpc';
import type { UserDtoShape } from '../../../shared/schemas/user';
import { readPendingInvitation } from '../../lib/pending-invitation';

/**
 * After any successful sign-in: seed the caches with the user and go to the dashboard, or back to a
 * team invitation link opened while signed out, or to `next` (the plan a new account chose).
 */
export function useSignedIn() {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  return async (user: UserDtoShape, next?: { to: '/upgrade'; search: { plan: string } }) => {
    utils.auth.check.setData(undefined, { authenticated: true, user });
    utils.user.get.setData(undefined, user);
    const invitation = readPendingInvitation();
    await navigate(invitation ? { to: '/team/join', search: { token: invitation } } : (next ?? { to: '/dashboard' }));
  };
}
