import { createFileRoute } from '@tanstack/react-router';
import { ProtectionStatusPage } from '../features/demos/protection-status-page';
import { pageErrorView } from '../components/error-views';

export const Route = createFileRoute('/protection-status')({
  errorComponent: pageErrorView('Protection Status'),
  component: ProtectionStatusPage,
});
