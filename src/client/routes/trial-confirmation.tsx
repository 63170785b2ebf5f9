import { createFileRoute } from '@tanstack/react-router';
import { PublicNotAvailable } from '../components/public-layout';

export const Route = createFileRoute('/trial-confirmation')({
  component: () => <PublicNotAvailable title="Confirm your trial" what="Trial confirmation" />,
});
