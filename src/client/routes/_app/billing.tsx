import { createFileRoute } from '@tanstack/react-router';
import { BillingPage } from '../../features/billing';
import { pageErrorView } from '../../components/error-views';

// Every creator's own billing; the subscriptions of every account only for staff (the server refuses them to others).
export const Route = createFileRoute('/_app/billing')({
  errorComponent: pageErrorView('Billing'),
  loader: ({ context }) => context.trpc.billing.subscription.prefetch(),
  component: BillingPage,
});
