import { createFileRoute } from '@tanstack/react-router';
import { EmailManagementPage } from '../../../features/email-management';

// The system's mail (every account, the system providers); the /admin layout admits staff only.
export const Route = createFileRoute('/_app/admin/emails')({
  component: () => <EmailManagementPage scope="system" />,
});
