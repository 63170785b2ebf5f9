import { createFileRoute } from '@tanstack/react-router';
import { TrialSuccessPage } from '../features/trial/trial-pages';

export const Route = createFileRoute('/trial-success')({
  validateSearch: (search: Record<string, unknown>): { email?: string } => (typeof search.email === 'string' ? { email: search.email } : {}),
  component: TrialSuccessRoute,
});

function TrialSuccessRoute() {
  const { email } = Route.useSearch();
  return <TrialSuccessPage email={email} />;
}
