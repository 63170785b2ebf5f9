import { createFileRoute } from '@tanstack/react-router';
import { IntegrationsPage } from '../../features/integrations';
import { pageErrorView } from '../../components/error-views';
import { ensurePageData } from '../../lib/page-data';

export const Route = createFileRoute('/_app/integrations')({
  errorComponent: pageErrorView('Integrations'),
  loader: ({ context }) => ensurePageData(context.queryClient, context.trpc.integrations.overview.queryOptions(undefined)),
  component: IntegrationsPage,
});
