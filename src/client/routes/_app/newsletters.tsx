import { createFileRoute } from '@tanstack/react-router';
import { NewslettersPage } from '../../features/newsletters/newsletters-page';
import { pageErrorView } from '../../components/error-views';

export const Route = createFileRoute('/_app/newsletters')({
  errorComponent: pageErrorView('Newsletters'),
  component: NewslettersPage,
});
