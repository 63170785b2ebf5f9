import { createFileRoute } from '@tanstack/react-router';
import { OverviewPage } from '../../../features/admin-overview';

// Staff only (the admin layout redirects others; the server refuses them too).
export const Route = createFileRoute('/_app/admin/')({
  component: OverviewPage,
});
