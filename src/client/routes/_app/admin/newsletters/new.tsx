import { createFileRoute } from '@tanstack/react-router';
import { NewsletterComposePage } from '../../../../features/admin-newsletter';
import { ensurePageData } from '../../../../lib/page-data';

// Staff only (the admin layout redirects others); sending is for admins, decided by the server.
export const Route = createFileRoute('/_app/admin/newsletters/new')({
  loader: ({ context }) =>
    Promise.all([
      ensurePageData(context.queryClient, context.trpc.productNews.list.queryOptions(undefined)),
      ensurePageData(context.queryClient, context.trpc.productNews.audience.queryOptions(undefined)),
    ]),
  component: NewsletterComposePage,
});
