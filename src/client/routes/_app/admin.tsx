import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { AdminErrorView } from '../../components/error-views';

// Staff only (admin, manager, supervisor); the server refuses admin data to others on its own.
export const Route = createFileRoute('/_app/admin')({
  beforeLoad: ({ context }) => {
    if (!context.user.isStaff) throw redirect({ to: '/dashboard' });
  },
  errorComponent: AdminErrorView,
  component: Outlet,
});
