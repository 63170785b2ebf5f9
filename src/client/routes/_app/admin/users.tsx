import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../../components/page-header';

export const Route = createFileRoute('/_app/admin/users')({
  component: () => <NotAvailableYet title="User Management" what="User management" />,
});
