import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { UnsubscribePage } from '../features/unsubscribe';

const search = z.object({ token: z.string().max(512).catch('').default(''), done: z.coerce.string().optional().catch(undefined) });

export const Route = createFileRoute('/unsubscribe')({
  validateSearch: search,
  component: function Unsubscribe() {
    const { token, done } = Route.useSearch();
    return <UnsubscribePage token={token} done={done === '1'} />;
  },
});
