import { createFileRoute } from '@tanstack/react-router';
import { IntegrationsPage } from '../../features/integrations';
import { pageErrorView } from '../../components/error-views';

export const Route = createFileRoute('/_app/integrations')({
  errorComponent: pageErrorView('Integrations'),
  component: IntegrationsPage,
});
