import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../../components/page-header';

export const Route = createFileRoute('/_app/admin/')({
  component: () => <NotAvailableYet title="Admin" what="The admin overview" />,
});
