import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../components/page-header';

export const Route = createFileRoute('/_app/email-delivery-test')({
  component: () => <NotAvailableYet title="Email Delivery Test" what="The email delivery test" />,
});
