import { createFileRoute } from '@tanstack/react-router';
import { PublicNotAvailable } from '../components/public-layout';

export const Route = createFileRoute('/security-demo')({
  component: () => <PublicNotAvailable title="Security Demo" what="The security demo" />,
});
