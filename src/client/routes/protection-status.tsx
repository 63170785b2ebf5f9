import { createFileRoute } from '@tanstack/react-router';
import { ProtectionStatusPage } from '../features/demos/protection-status-page';

export const Route = createFileRoute('/protection-status')({
  component: ProtectionStatusPage,
});
