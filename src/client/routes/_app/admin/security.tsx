import { createFileRoute } from '@tanstack/react-router';
import { SecurityPage } from '../../../features/admin-security';

// Staff only (the admin layout redirects others; the server refuses them too).
export const Route = createFileRoute('/_app/admin/security')({
  component: SecurityPage,
});
