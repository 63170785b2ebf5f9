import { createFileRoute } from '@tanstack/react-router';
import { ThankYouPage } from '../features/landing/thank-you-page';
import { pageErrorView } from '../components/error-views';

export const Route = createFileRoute('/thank-you')({
  errorComponent: pageErrorView('Thank You'),
  component: ThankYouPage,
});
