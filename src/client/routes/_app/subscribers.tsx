import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { SubscribersPage } from '../../features/subscribers';

export const Route = createFileRoute('/_app/subscribers')({
  validateSearch: z.object({ publicationId: z.string().max(64).catch('').default('') }),
  component: function Subscribers() {
    const { publicationId } = Route.useSearch();
    return <SubscribersPage publicationId={publicationId} />;
  },
});
