// The signed-in state as routes and components read it: auth.check, cached 5 minutes with one retry
// and no refetch on focus (spec §7, §9).
import { redirect } from '@tanstack/react-router';
import type { TrpcUtils } from '../../trpc';
import { trpc } from '../../trpc';

export const AUTH_CHECK_OPTIONS = { staleTime: 5 * 60 * 1000, gcTime: 10 * 60 * 1000, retry: 1, refetchOnWindowFocus: false } as const;

export function fetchAuthCheck(utils: TrpcUtils) {
  return utils.auth.check.fetch(undefined, AUTH_CHECK_OPTIONS);
}

export function useAuthCheck() {
  return trpc.auth.check.useQuery(undefined, AUTH_CHECK_OPTIONS);
}

/** For public pages that only make sense signed out (landing, /auth): send signed-in users on. */
export async function redirectIfSignedIn(utils: TrpcUtils) {
  let signedIn = false;
  try {
    signedIn = (await fetchAuthCheck(utils)).authenticated;
  } catch (err) {
    // A failed check keeps the visitor on the public page (spec §8: auth-fetch errors are only logged).
    console.error('Auth check failed', err);
  }
  if (signedIn) throw redirect({ to: '/dashboard' });
}

/** For the signed-in area: the current user, or a redirect to /auth. */
export async function requireUser(utils: TrpcUtils) {
  const check = await fetchAuthCheck(utils);
  if (!check.authenticated || !check.user) throw redirect({ to: '/auth' });
  return check.user;
}
