import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ConfirmPage } from '../features/subscribers';

// `$slug_` keeps this page out of the signup page's layout: both are whole pages of their own.
export const Route = createFileRoute('/p/$slug_/confirm')({
  validateSearch: z.object({ token: z.string().max(200).catch('').default('') }),
  component: function ConfirmSubscription() {
    const { slug } = Route.useParams();
    const { token } = Route.useSearch();
    return <ConfirmPage slug={slug} token={token} />;
  },
});
