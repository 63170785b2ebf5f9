import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../../components/page-header';

export const Route = createFileRoute('/_app/admin/security')({
  component: () => <NotAvailableYet title="Security" what="The security overview" />,
});
