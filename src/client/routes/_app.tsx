import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireUser } from '../features/auth/session';
import { AppShell } from '../features/shell/app-shell';
import { trpc } from '../trpc';

// Pathless layout of every signed-in page: signed-out visitors go to /auth.
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context }) => ({ user: await requireUser(context.trpc) }),
  component: AppLayout,
});

function AppLayout() {
  const { user: checked } = Route.useRouteContext();
  const { data } = trpc.user.get.useQuery(undefined, { initialData: checked, staleTime: 60_000 });
  return (
    <AppShell user={data ?? checked}>
      <Outlet />
    </AppShell>
  );
}
