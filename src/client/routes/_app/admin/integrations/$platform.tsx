import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../../../components/page-header';

export const Route = createFileRoute('/_app/admin/integrations/$platform')({
  component: PlatformPage,
});

function PlatformPage() {
  const { platform } = Route.useParams();
  const name = platform.charAt(0).toUpperCase() + platform.slice(1);
  return <NotAvailableYet title={`${name} Integration`} what={`Managing the ${name} integration`} />;
}
