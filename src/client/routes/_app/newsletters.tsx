import { createFileRoute } from '@tanstack/react-router';
import { NewslettersPage } from '../../features/newsletters/newsletters-page';

export const Route = createFileRoute('/_app/newsletters')({
  component: NewslettersPage,
});
