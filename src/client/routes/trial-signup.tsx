import { createFileRoute } from '@tanstack/react-router';
import { stringParam } from '../lib/search';
import { TrialSignupPage } from '../features/trial/trial-pages';
import { pageErrorView } from '../components/error-views';

// /trial-signup?plan=basic: the plan the trial gives (basic or professional).
export const Route = createFileRoute('/trial-signup')({
  errorComponent: pageErrorView('Free Trial'),
  validateSearch: (s: Record<string, unknown>): { plan?: string } => {
    const plan = stringParam(s, 'plan', 40);
    return plan ? { plan } : {};
  },
  component: function TrialSignup() {
    const { plan = '' } = Route.useSearch();
    return <TrialSignupPage plan={plan} />;
  },
});
