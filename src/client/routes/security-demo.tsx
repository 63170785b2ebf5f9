import { createFileRoute } from '@tanstack/react-router';
import { SecurityDemoPage } from '../features/demos/security-demo-page';

export const Route = createFileRoute('/security-demo')({
  component: SecurityDemoPage,
});
