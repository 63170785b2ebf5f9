import { createFileRoute } from '@tanstack/react-router';
import { PublicNotAvailable } from '../components/public-layout';

export const Route = createFileRoute('/help')({
  component: () => <PublicNotAvailable title="Help Center" what="The help center" />,
});
