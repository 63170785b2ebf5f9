import { createFileRoute } from '@tanstack/react-router';
import { TwoFactorDemoPage } from '../features/demos/twofa-demo-page';
import { pageErrorView } from '../components/error-views';

export const Route = createFileRoute('/twofa-demo')({
  errorComponent: pageErrorView('Two-Factor Demo'),
  component: TwoFactorDemoPage,
});
