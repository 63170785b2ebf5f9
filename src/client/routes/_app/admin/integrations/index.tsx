import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../../../components/page-header';

export const Route = createFileRoute('/_app/admin/integrations/')({
  component: () => <NotAvailableYet title="Admin Integrations" what="Managing integrations" />,
});
