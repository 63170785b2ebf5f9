import { createFileRoute } from '@tanstack/react-router';
import { RefundPage } from '../features/legal/refund-page';
import { pageErrorView } from '../components/error-views';

export const Route = createFileRoute('/refund')({
  errorComponent: pageErrorView('Refund Policy'),
  component: RefundPage,
});
