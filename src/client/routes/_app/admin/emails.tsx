import { createFileRoute } from '@tanstack/react-router';
import { EmailManagementPage } from '../../../features/email-management';
import { ensurePageData } from '../../../lib/page-data';

// The system's mail (every account, the system providers); the /admin layout admits staff only.
export const Route = createFileRoute('/_app/admin/emails')({
  loader: ({ context }) =>
    Promise.all([
      ensurePageData(context.queryClient, context.trpc.emailAdmin.getHealth.queryOptions({ scope: 'system' })),
      ensurePageData(context.queryClient, context.trpc.emailAdmin.getMetrics.queryOptions({ scope: 'system' })),
    ]),
  component: () => <EmailManagementPage scope="system" />,
});
