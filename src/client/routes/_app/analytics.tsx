import { createFileRoute } from '@tanstack/react-router';
import { stringParam } from '../../lib/search';
import { AnalyticsPage } from '../../features/analytics';
import { pageErrorView } from '../../components/error-views';
import { ensurePageData } from '../../lib/page-data';

// Plans with analytics; others see the upgrade notice (the server answers 403 on its own).
export const Route = createFileRoute('/_app/analytics')({
  errorComponent: pageErrorView('Analytics'),
  validateSearch: (s: Record<string, unknown>): { publicationId: string; sendId?: string } => ({
    publicationId: stringParam(s, 'publicationId', 64),
    // An issue's report, opened from /newsletters.
    sendId: stringParam(s, 'sendId', 64) || undefined,
  }),
  loaderDeps: ({ search }) => ({ publicationId: search.publicationId }),
  loader: ({ context, deps }) =>
    ensurePageData(context.queryClient, context.trpc.analytics.overview.queryOptions({ publicationId: deps.publicationId || undefined })),
  component: function Analytics() {
    const { publicationId, sendId } = Route.useSearch();
    return <AnalyticsPage publicationId={publicationId} sendId={sendId} />;
  },
});
