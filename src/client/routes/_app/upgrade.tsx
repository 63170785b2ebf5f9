import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../components/page-header';

export const Route = createFileRoute('/_app/upgrade')({
  component: () => <NotAvailableYet title="Upgrade" what="Changing your plan" />,
});
