import { createFileRoute } from '@tanstack/react-router';
import { RoadmapPage } from '../features/legal/roadmap-page';

export const Route = createFileRoute('/roadmap')({
  component: RoadmapPage,
});
