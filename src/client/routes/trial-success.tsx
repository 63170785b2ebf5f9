import { createFileRoute } from '@tanstack/react-router';
import { stringParam } from '../lib/search';
import { TrialSuccessPage } from '../features/trial/trial-pages';

export const Route = createFileRoute('/trial-success')({
  validateSearch: (s: Record<string, unknown>): { email?: string } => {
    const email = stringParam(s, 'email', 254);
    return email ? { email } : {};
  },
  component: function TrialSuccess() {
    const { email } = Route.useSearch();
    return <TrialSuccessPage email={email} />;
  },
});
