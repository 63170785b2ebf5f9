import { createFileRoute } from '@tanstack/react-router';
import { AdminIntegrationsPage } from '../../../../features/admin-integrations';
import { ensurePageData } from '../../../../lib/page-data';

// Staff only (the admin layout redirects others; the server refuses them too).
export const Route = createFileRoute('/_app/admin/integrations/')({
  loader: ({ context }) => ensurePageData(context.queryClient, context.trpc.integrations.adminOverview.queryOptions(undefined)),
  component: AdminIntegrationsPage,
});
