import { createFileRoute } from '@tanstack/react-router';
import { RoadmapPage } from '../features/legal/roadmap-page';
import { pageErrorView } from '../components/error-views';

export const Route = createFileRoute('/roadmap')({
  errorComponent: pageErrorView('Roadmap'),
  component: RoadmapPage,
});
