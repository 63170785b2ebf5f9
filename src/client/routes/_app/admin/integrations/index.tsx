import { createFileRoute } from '@tanstack/react-router';
import { AdminIntegrationsPage } from '../../../../features/admin-integrations';

// Staff only (the admin layout redirects others; the server refuses them too).
export const Route = createFileRoute('/_app/admin/integrations/')({
  component: AdminIntegrationsPage,
});
