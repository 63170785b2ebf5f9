import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../components/page-header';

export const Route = createFileRoute('/_app/analytics')({
  component: () => <NotAvailableYet title="Analytics" what="Analytics for your newsletters" />,
});
