import { createFileRoute } from '@tanstack/react-router';
import { stringParam } from '../../lib/search';
import { RecurringPage } from '../../features/recurring';
import { pageErrorView } from '../../components/error-views';
import { ensurePageData } from '../../lib/page-data';

export const Route = createFileRoute('/_app/recurring')({
  errorComponent: pageErrorView('Recurring'),
  validateSearch: (s: Record<string, unknown>) => ({ publicationId: stringParam(s, 'publicationId', 64) }),
  loaderDeps: ({ search }) => ({ publicationId: search.publicationId }),
  loader: ({ context, deps: { publicationId } }) =>
    publicationId ? ensurePageData(context.queryClient, context.trpc.recurring.get.queryOptions({ publicationId })) : undefined,
  component: function Recurring() {
    const { publicationId } = Route.useSearch();
    return <RecurringPage publicationId={publicationId} />;
  },
});
