import { createFileRoute } from '@tanstack/react-router';
import { PublicNotAvailable } from '../components/public-layout';

export const Route = createFileRoute('/quick-start-guide')({
  component: () => <PublicNotAvailable title="Quick Start Guide" what="The quick start guide" />,
});
