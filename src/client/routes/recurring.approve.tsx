import { createFileRoute } from '@tanstack/react-router';
import { stringParam } from '../lib/search';
import { ApprovePage } from '../features/recurring';
import { pageErrorView } from '../components/error-views';

export const Route = createFileRoute('/recurring/approve')({
  errorComponent: pageErrorView('Approve'),
  validateSearch: (s: Record<string, unknown>) => ({ token: stringParam(s, 'token', 512) }),
  component: function Approve() {
    const { token } = Route.useSearch();
    return <ApprovePage token={token} />;
  },
});
