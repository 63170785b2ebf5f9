import { createFileRoute } from '@tanstack/react-router';
import { HelpCenterPage } from '../features/help';

export const Route = createFileRoute('/help')({
  component: HelpCenterPage,
});
