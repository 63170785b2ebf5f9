import { createFileRoute } from '@tanstack/react-router';
import { DevelopersPage } from '../features/developers/developers-page';
import { pageErrorView } from '../components/error-views';

export const Route = createFileRoute('/developers')({
  errorComponent: pageErrorView('API reference'),
  component: DevelopersPage,
});
