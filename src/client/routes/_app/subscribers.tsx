import { createFileRoute } from '@tanstack/react-router';
import { stringParam } from '../../lib/search';
import { SubscribersPage } from '../../features/subscribers';
import { pageErrorView } from '../../components/error-views';

export const Route = createFileRoute('/_app/subscribers')({
  errorComponent: pageErrorView('Subscribers'),
  validateSearch: (s: Record<string, unknown>) => ({ publicationId: stringParam(s, 'publicationId', 64) }),
  component: function Subscribers() {
    const { publicationId } = Route.useSearch();
    return <SubscribersPage publicationId={publicationId} />;
  },
});
