import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../components/page-header';

export const Route = createFileRoute('/_app/billing')({
  component: () => <NotAvailableYet title="Billing" what="Billing" />,
});
