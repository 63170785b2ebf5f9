import { createFileRoute } from '@tanstack/react-router';
import { RefundPage } from '../features/legal/refund-page';

export const Route = createFileRoute('/refund')({
  component: RefundPage,
});
