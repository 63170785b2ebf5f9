import { createFileRoute } from '@tanstack/react-router';
import { SecurityPage } from '../../../features/admin-security';
import { ensurePageData } from '../../../lib/page-data';

// Staff only (the admin layout redirects others; the server refuses them too).
export const Route = createFileRoute('/_app/admin/security')({
  // The log as the page opens it: no search, every outcome and action.
  loader: ({ context }) => ensurePageData(context.queryClient, context.trpc.admin.security.queryOptions({ search: '', outcome: undefined, action: undefined })),
  component: SecurityPage,
});
