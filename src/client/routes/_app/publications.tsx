import { createFileRoute } from '@tanstack/react-router';
import { PublicationsPage } from '../../features/publications/publications-page';
import { pageErrorView } from '../../components/error-views';

export const Route = createFileRoute('/_app/publications')({
  errorComponent: pageErrorView('Publications'),
  component: PublicationsPage,
});
