import { createFileRoute } from '@tanstack/react-router';
import { OverviewPage } from '../../../features/admin-overview';
import { ensurePageData } from '../../../lib/page-data';

// Staff only (the admin layout redirects others; the server refuses them too).
export const Route = createFileRoute('/_app/admin/')({
  loader: ({ context }) => ensurePageData(context.queryClient, context.trpc.admin.overview.queryOptions(undefined)),
  component: OverviewPage,
});
