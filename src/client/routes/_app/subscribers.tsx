import { createFileRoute } from '@tanstack/react-router';
import { stringParam } from '../../lib/search';
import { SubscribersPage } from '../../features/subscribers';

export const Route = createFileRoute('/_app/subscribers')({
  validateSearch: (s: Record<string, unknown>) => ({ publicationId: stringParam(s, 'publicationId', 64) }),
  component: function Subscribers() {
    const { publicationId } = Route.useSearch();
    return <SubscribersPage publicationId={publicationId} />;
  },
});
