import { createFileRoute } from '@tanstack/react-router';
import { HelpCenterPage } from '../features/help';
import { pageErrorView } from '../components/error-views';

export const Route = createFileRoute('/help')({
  errorComponent: pageErrorView('Help Center'),
  component: HelpCenterPage,
});
