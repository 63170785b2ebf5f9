import { createFileRoute } from '@tanstack/react-router';
import { stringParam } from '../../lib/search';
import { SubscribersPage } from '../../features/subscribers';
import { pageErrorView } from '../../components/error-views';
import { ensurePageData } from '../../lib/page-data';

export const Route = createFileRoute('/_app/subscribers')({
  errorComponent: pageErrorView('Subscribers'),
  validateSearch: (s: Record<string, unknown>) => ({ publicationId: stringParam(s, 'publicationId', 64) }),
  loaderDeps: ({ search }) => ({ publicationId: search.publicationId }),
  // The first page of the list as the page opens it (no search, every status), the signup link and the signup forms.
  loader: ({ context, deps: { publicationId } }) =>
    publicationId
      ? Promise.all([
          ensurePageData(context.queryClient, context.trpc.subscribers.list.queryOptions({ publicationId, search: undefined, status: undefined, page: 1 })),
          ensurePageData(context.queryClient, context.trpc.subscribers.share.queryOptions({ publicationId })),
          ensurePageData(context.queryClient, context.trpc.forms.list.queryOptions({ publicationId })),
        ])
      : undefined,
  component: function Subscribers() {
    const { publicationId } = Route.useSearch();
    return <SubscribersPage publicationId={publicationId} />;
  },
});
