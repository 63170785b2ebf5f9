import { createFileRoute } from '@tanstack/react-router';
import { stringParam } from '../lib/search';
import { ProductUnsubscribePage } from '../features/admin-onboarding';
import { pageErrorView } from '../components/error-views';

const search = (s: Record<string, unknown>) => ({
  list: stringParam(s, 'list', 20),
  token: stringParam(s, 'token', 512),
  done: s.done === undefined || s.done === null ? undefined : String(s.done).slice(0, 10),
});

export const Route = createFileRoute('/unsubscribe-product')({
  errorComponent: pageErrorView('Unsubscribe'),
  validateSearch: search,
  component: function UnsubscribeProduct() {
    const { list, token, done } = Route.useSearch();
    return <ProductUnsubscribePage list={list} token={token} done={done} />;
  },
});
