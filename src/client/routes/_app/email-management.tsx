import { createFileRoute } from '@tanstack/react-router';
import { EmailManagementPage } from '../../features/email-management';
import { pageErrorView } from '../../components/error-views';
import { ensurePageData } from '../../lib/page-data';
import { capabilitiesFor } from '../../../shared/plans';

// The account's own mail; plans without Email Management see the upgrade notice.
export const Route = createFileRoute('/_app/email-management')({
  errorComponent: pageErrorView('Email Management'),
  // The Overview tab it opens on; a plan without Email Management has nothing to read.
  loader: ({ context }) =>
    capabilitiesFor(context.user).emailManagement &&
    Promise.all([
      ensurePageData(context.queryClient, context.trpc.emailAdmin.getHealth.queryOptions({ scope: 'account' })),
      ensurePageData(context.queryClient, context.trpc.emailAdmin.getMetrics.queryOptions({ scope: 'account' })),
    ]),
  component: () => <EmailManagementPage scope="account" />,
});
