import { createFileRoute } from '@tanstack/react-router';
import { stringParam } from '../../lib/search';
import { AnalyticsPage } from '../../features/analytics';
import { pageErrorView } from '../../components/error-views';

// Plans with analytics; others see the upgrade notice (the server answers 403 on its own).
export const Route = createFileRoute('/_app/analytics')({
  errorComponent: pageErrorView('Analytics'),
  validateSearch: (s: Record<string, unknown>) => ({ publicationId: stringParam(s, 'publicationId', 64) }),
  component: function Analytics() {
    const { publicationId } = Route.useSearch();
    return <AnalyticsPage publicationId={publicationId} />;
  },
});
