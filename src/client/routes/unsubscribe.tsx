import { createFileRoute } from '@tanstack/react-router';
import { stringParam } from '../lib/search';
import { UnsubscribePage } from '../features/unsubscribe';
import { pageErrorView } from '../components/error-views';

const search = (s: Record<string, unknown>) => ({
  token: stringParam(s, 'token', 512),
  done: s.done === undefined || s.done === null ? undefined : String(s.done),
});

export const Route = createFileRoute('/unsubscribe')({
  errorComponent: pageErrorView('Unsubscribe'),
  validateSearch: search,
  component: function Unsubscribe() {
    const { token, done } = Route.useSearch();
    return <UnsubscribePage token={token} done={done === '1'} />;
  },
});
