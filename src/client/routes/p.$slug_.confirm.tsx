import { createFileRoute } from '@tanstack/react-router';
import { stringParam } from '../lib/search';
import { ConfirmPage } from '../features/subscribers';
import { pageErrorView } from '../components/error-views';

// `$slug_` keeps this page out of the signup page's layout: both are whole pages of their own.
export const Route = createFileRoute('/p/$slug_/confirm')({
  errorComponent: pageErrorView('Subscription Confirmation'),
  validateSearch: (s: Record<string, unknown>) => ({ token: stringParam(s, 'token', 200) }),
  component: function ConfirmSubscription() {
    const { slug } = Route.useParams();
    const { token } = Route.useSearch();
    return <ConfirmPage slug={slug} token={token} />;
  },
});
