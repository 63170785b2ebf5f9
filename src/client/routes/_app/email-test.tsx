import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../components/page-header';

export const Route = createFileRoute('/_app/email-test')({
  component: () => <NotAvailableYet title="Email Test" what="Direct email testing" />,
});
