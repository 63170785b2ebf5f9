import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../features/legal/terms-page';
import { pageErrorView } from '../components/error-views';

export const Route = createFileRoute('/terms')({
  errorComponent: pageErrorView('Terms of Service'),
  component: TermsPage,
});
