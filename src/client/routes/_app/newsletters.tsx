import { createFileRoute } from '@tanstack/react-router';
import { NewslettersPage } from '../../features/newsletters/newsletters-page';
import { pageErrorView } from '../../components/error-views';
import { ensurePageData } from '../../lib/page-data';

export const Route = createFileRoute('/_app/newsletters')({
  errorComponent: pageErrorView('Newsletters'),
  loader: ({ context }) => ensurePageData(context.queryClient, context.trpc.drafts.list.queryOptions(undefined)),
  component: NewslettersPage,
});
