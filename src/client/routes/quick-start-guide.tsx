import { createFileRoute } from '@tanstack/react-router';
import { QuickStartPage } from '../features/help';
import { pageErrorView } from '../components/error-views';

export const Route = createFileRoute('/quick-start-guide')({
  errorComponent: pageErrorView('Quick Start Guide'),
  component: QuickStartPage,
});
