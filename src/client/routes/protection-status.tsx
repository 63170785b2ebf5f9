import { createFileRoute } from '@tanstack/react-router';
import { PublicNotAvailable } from '../components/public-layout';

export const Route = createFileRoute('/protection-status')({
  component: () => <PublicNotAvailable title="Protection Status" what="The protection status page" />,
});
