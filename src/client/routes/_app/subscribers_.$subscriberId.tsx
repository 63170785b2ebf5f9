import { createFileRoute } from '@tanstack/react-router';
import { stringParam } from '../../lib/search';
import { ReaderPage } from '../../features/readers';
import { pageErrorView } from '../../components/error-views';
import { ensurePageData } from '../../lib/page-data';

// One reader of a publication (the publication in the search parameters, as on /subscribers).
export const Route = createFileRoute('/_app/subscribers_/$subscriberId')({
  errorComponent: pageErrorView('Reader'),
  validateSearch: (s: Record<string, unknown>) => ({ publicationId: stringParam(s, 'publicationId', 64) }),
  loaderDeps: ({ search }) => ({ publicationId: search.publicationId }),
  loader: ({ context, params, deps: { publicationId } }) =>
    publicationId
      ? ensurePageData(context.queryClient, context.trpc.readers.get.queryOptions({ publicationId, subscriberId: params.subscriberId }))
      : undefined,
  component: function Reader() {
    const { publicationId } = Route.useSearch();
    const { subscriberId } = Route.useParams();
    return <ReaderPage publicationId={publicationId} subscriberId={subscriberId} />;
  },
});
