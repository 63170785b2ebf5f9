import { trpc } from '../../trpc';

/** Log out, then a full navigation to / — also when the call fails (spec §7; the error is only logged). */
export function useSignOut() {
  const m = trpc.auth.signOut.useMutation();
  const signOut = () => {
    m.mutate(undefined, {
      onError: (err) => console.error('Logout failed', err),
      onSettled: () => window.location.assign('/'),
    });
  };
  return { signOut, pending: m.isPending || m.isSuccess };
}
