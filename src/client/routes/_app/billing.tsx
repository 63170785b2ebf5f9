import { createFileRoute } from '@tanstack/react-router';
import { BillingPage } from '../../features/billing';
import { pageErrorView } from '../../components/error-views';
import { ensurePageData } from '../../lib/page-data';

// Every creator's own billing; the subscriptions of every account only for staff (the server refuses them to others).
export const Route = createFileRoute('/_app/billing')({
  errorComponent: pageErrorView('Billing'),
  loader: ({ context }) =>
    Promise.all([
      ensurePageData(context.queryClient, context.trpc.billing.subscription.queryOptions(undefined)),
      context.user.isStaff && ensurePageData(context.queryClient, context.trpc.billing.adminList.queryOptions(undefined)),
    ]),
  component: BillingPage,
});
