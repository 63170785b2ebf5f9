import { createFileRoute } from '@tanstack/react-router';
import { PublicNotAvailable } from '../components/public-layout';

export const Route = createFileRoute('/twofa-demo')({
  component: () => <PublicNotAvailable title="Two-Factor Demo" what="The two-factor demo" />,
});
