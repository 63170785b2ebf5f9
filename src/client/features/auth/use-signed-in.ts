import { useNavigate } from '@tanstack/react-router';
import { trpc } from '../../trpc';
import type { UserDtoShape } from '../../../shared/schemas/user';

/** After any successful sign-in: seed the caches with the user and go to the dashboard. */
export function useSignedIn() {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  return async (user: UserDtoShape) => {
    utils.auth.check.setData(undefined, { authenticated: true, user });
    utils.user.get.setData(undefined, user);
    await navigate({ to: '/dashboard' });
  };
}
