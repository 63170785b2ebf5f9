import { createFileRoute } from '@tanstack/react-router';
import { UsersPage } from '../../../features/admin-users';
import { ensurePageData } from '../../../lib/page-data';

// Staff only (the admin layout redirects others); changes are for admins, decided by the server.
export const Route = createFileRoute('/_app/admin/users')({
  // The first page as the page opens it: no search, no filter.
  loader: ({ context }) =>
    ensurePageData(
      context.queryClient,
      context.trpc.admin.listUsers.queryOptions({ search: '', role: undefined, plan: undefined, status: undefined, limit: 50, offset: 0 }),
    ),
  component: UsersPage,
});
