import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../../../components/page-header';

export const Route = createFileRoute('/_app/admin/newsletters/new')({
  component: () => <NotAvailableYet title="New Newsletter" what="Creating newsletters from the admin area" />,
});
