import { createFileRoute } from '@tanstack/react-router';
import { EmailManagementPage } from '../../features/email-management';
import { pageErrorView } from '../../components/error-views';

// The account's own mail; plans without Email Management see the upgrade notice.
export const Route = createFileRoute('/_app/email-management')({
  errorComponent: pageErrorView('Email Management'),
  component: () => <EmailManagementPage scope="account" />,
});
