import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../components/page-header';

export const Route = createFileRoute('/_app/integrations')({
  component: () => <NotAvailableYet title="Integrations" what="Connecting email services" />,
});
