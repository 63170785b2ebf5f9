import { createFileRoute } from '@tanstack/react-router';
import { stringParam } from '../../lib/search';
import { UpgradePage } from '../../features/upgrade';
import { pageErrorView } from '../../components/error-views';
import { ensurePageData } from '../../lib/page-data';

// /upgrade?plan=<id> highlights a plan; Stripe returns to ?checkout=success or ?checkout=canceled.
export const Route = createFileRoute('/_app/upgrade')({
  errorComponent: pageErrorView('Upgrade'),
  validateSearch: (s: Record<string, unknown>): { plan?: string; checkout?: string } => {
    const plan = stringParam(s, 'plan', 40);
    const checkout = stringParam(s, 'checkout', 20);
    return { ...(plan && { plan }), ...(checkout && { checkout }) };
  },
  loader: ({ context }) => ensurePageData(context.queryClient, context.trpc.billing.subscription.queryOptions(undefined)),
  component: function Upgrade() {
    const { plan = '', checkout = '' } = Route.useSearch();
    // A new ?checkout= starts the page afresh (the wait for Stripe begins on mount).
    return <UpgradePage key={checkout} plan={plan} checkout={checkout} />;
  },
});
