import { createFileRoute } from '@tanstack/react-router';
import { stringParam } from '../lib/search';
import { TrialSuccessPage } from '../features/trial/trial-pages';
import { pageErrorView } from '../components/error-views';

export const Route = createFileRoute('/trial-success')({
  errorComponent: pageErrorView('Trial Success'),
  validateSearch: (s: Record<string, unknown>): { email?: string } => {
    const email = stringParam(s, 'email', 254);
    return email ? { email } : {};
  },
  component: function TrialSuccess() {
    const { email } = Route.useSearch();
    return <TrialSuccessPage email={email} />;
  },
});
