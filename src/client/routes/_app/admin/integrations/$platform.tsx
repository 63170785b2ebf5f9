import { createFileRoute } from '@tanstack/react-router';
import { AdminPlatformPage } from '../../../../features/admin-integrations';
import { ensurePageData } from '../../../../lib/page-data';
import { isPlatform } from '../../../../features/integrations/format';

// Staff only (the admin layout redirects others; the server refuses them too).
export const Route = createFileRoute('/_app/admin/integrations/$platform')({
  loader: ({ context, params: { platform } }) =>
    isPlatform(platform) && ensurePageData(context.queryClient, context.trpc.integrations.adminPlatform.queryOptions({ platform })),
  component: PlatformRoute,
});

function PlatformRoute() {
  const { platform } = Route.useParams();
  return <AdminPlatformPage platform={platform} />;
}
