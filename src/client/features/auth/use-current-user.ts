// The signed-in user for any page under the signed-in layout: the one cached user.get query, seeded
// with the user the layout's beforeLoad already resolved, so no page waits for it or asks for it again.
import { getRouteApi } from '@tanstack/react-router';
import { trpc } from '../../trpc';
import type { UserDtoShape } from '../../../shared/schemas/user';

const signedInLayout = getRouteApi('/_app');

/** The user.get query itself, for the one page (Account) that shows its loading and failure. */
export function useCurrentUserQuery() {
  const { user } = signedInLayout.useRouteContext();
  return trpc.user.get.useQuery(undefined, { initialData: user, staleTime: 60_000 });
}

/** The user as the server last described them; a profile change or a plan change updates it in place. */
export function useCurrentUser(): UserDtoShape {
  const { user } = signedInLayout.useRouteContext();
  return useCurrentUserQuery().data ?? user;
}
