import { createFileRoute } from '@tanstack/react-router';
import { NewsletterComposePage } from '../../../../features/admin-newsletter';

// Staff only (the admin layout redirects others); sending is for admins, decided by the server.
export const Route = createFileRoute('/_app/admin/newsletters/new')({
  component: NewsletterComposePage,
});
