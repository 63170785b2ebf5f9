import { createFileRoute } from '@tanstack/react-router';
import { SecurityDemoPage } from '../features/demos/security-demo-page';
import { pageErrorView } from '../components/error-views';

export const Route = createFileRoute('/security-demo')({
  errorComponent: pageErrorView('Security Demo'),
  component: SecurityDemoPage,
});
