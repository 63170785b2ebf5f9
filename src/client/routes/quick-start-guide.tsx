import { createFileRoute } from '@tanstack/react-router';
import { QuickStartPage } from '../features/help';

export const Route = createFileRoute('/quick-start-guide')({
  component: QuickStartPage,
});
