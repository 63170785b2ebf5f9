import { createFileRoute } from '@tanstack/react-router';
import { normalizePlan, type PlanType } from '../../shared/plans';
import { TrialSignupPage } from '../features/trial/trial-pages';

export const Route = createFileRoute('/trial-signup')({
  validateSearch: (search: Record<string, unknown>): { plan?: PlanType } => (search.plan ? { plan: normalizePlan(search.plan) } : {}),
  component: TrialSignupRoute,
});

function TrialSignupRoute() {
  const { plan } = Route.useSearch();
  return <TrialSignupPage plan={plan} />;
}
