import { createFileRoute } from '@tanstack/react-router';
import { PublicationsPage } from '../../features/publications/publications-page';

export const Route = createFileRoute('/_app/publications')({
  component: PublicationsPage,
});
