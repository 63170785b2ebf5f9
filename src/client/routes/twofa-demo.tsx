import { createFileRoute } from '@tanstack/react-router';
import { TwoFactorDemoPage } from '../features/demos/twofa-demo-page';

export const Route = createFileRoute('/twofa-demo')({
  component: TwoFactorDemoPage,
});
