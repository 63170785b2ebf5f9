import { createFileRoute } from '@tanstack/react-router';
import { PublicationsPage } from '../../features/publications/publications-page';
import { pageErrorView } from '../../components/error-views';
import { ensurePageData } from '../../lib/page-data';

export const Route = createFileRoute('/_app/publications')({
  errorComponent: pageErrorView('Publications'),
  loader: ({ context }) => ensurePageData(context.queryClient, context.trpc.publications.list.queryOptions(undefined)),
  component: PublicationsPage,
});
