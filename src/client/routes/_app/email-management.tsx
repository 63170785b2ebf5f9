import { createFileRoute } from '@tanstack/react-router';
import { EmailManagementPage } from '../../features/email-management';

// The account's own mail; plans without Email Management see the upgrade notice.
export const Route = createFileRoute('/_app/email-management')({
  component: () => <EmailManagementPage scope="account" />,
});
