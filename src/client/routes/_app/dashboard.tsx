import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { pageErrorView } from '../../components/error-views';
import { ensurePageData } from '../../lib/page-data';

export const Route = createFileRoute('/_app/dashboard')({
  errorComponent: pageErrorView('Dashboard'),
  loader: ({ context }) =>
    Promise.all([
      ensurePageData(context.queryClient, context.trpc.dashboard.overview.queryOptions(undefined)),
      ensurePageData(context.queryClient, context.trpc.dashboard.checklist.queryOptions(undefined)),
      ensurePageData(context.queryClient, context.trpc.integrations.status.queryOptions(undefined)),
      ensurePageData(context.queryClient, context.trpc.billing.subscription.queryOptions(undefined)),
    ]),
  component: DashboardPage,
});
