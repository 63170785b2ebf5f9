import { createFileRoute } from '@tanstack/react-router';
import { ThankYouPage } from '../features/landing/thank-you-page';

export const Route = createFileRoute('/thank-you')({
  component: ThankYouPage,
});
