import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../components/page-header';

export const Route = createFileRoute('/_app/email-management')({
  component: () => <NotAvailableYet title="Email Management" what="Email management" />,
});
