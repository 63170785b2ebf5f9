import { createFileRoute } from '@tanstack/react-router';
import { PublicNotAvailable } from '../components/public-layout';

export const Route = createFileRoute('/anti-scraping')({
  component: () => <PublicNotAvailable title="Anti-Scraping Demo" what="The anti-scraping demo" />,
});
