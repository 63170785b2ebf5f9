import { createFileRoute } from '@tanstack/react-router';
import { UsersPage } from '../../../features/admin-users';

// Staff only (the admin layout redirects others); changes are for admins, decided by the server.
export const Route = createFileRoute('/_app/admin/users')({
  component: UsersPage,
});
