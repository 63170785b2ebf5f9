import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireUser } from '../features/auth/session';
import { AppShell } from '../features/shell/app-shell';
import { useCurrentUser } from '../features/auth/use-current-user';

// Pathless layout of every signed-in page: signed-out visitors go to /auth.
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context }) => ({ user: await requireUser(context.trpc) }),
  component: AppLayout,
});

function AppLayout() {
  return (
    <AppShell user={useCurrentUser()}>
      <Outlet />
    </AppShell>
  );
}
