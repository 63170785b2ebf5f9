import { createFileRoute } from '@tanstack/react-router';
import { stringParam } from '../lib/search';
import { TrialConfirmationPage } from '../features/trial/trial-pages';
import { pageErrorView } from '../components/error-views';

// /trial-confirmation?email=: the 6-digit code mailed by the trial signup signs the visitor in.
export const Route = createFileRoute('/trial-confirmation')({
  errorComponent: pageErrorView('Trial Confirmation'),
  validateSearch: (s: Record<string, unknown>): { email?: string } => {
    const email = stringParam(s, 'email', 254);
    return email ? { email } : {};
  },
  component: function TrialConfirmation() {
    const { email = '' } = Route.useSearch();
    return <TrialConfirmationPage email={email} />;
  },
});
