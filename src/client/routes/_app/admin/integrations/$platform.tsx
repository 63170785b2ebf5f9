import { createFileRoute } from '@tanstack/react-router';
import { AdminPlatformPage } from '../../../../features/admin-integrations';

// Staff only (the admin layout redirects others; the server refuses them too).
export const Route = createFileRoute('/_app/admin/integrations/$platform')({
  component: PlatformRoute,
});

function PlatformRoute() {
  const { platform } = Route.useParams();
  return <AdminPlatformPage platform={platform} />;
}
