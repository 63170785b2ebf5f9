import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../../components/page-header';

export const Route = createFileRoute('/_app/admin/onboarding-emails')({
  component: () => <NotAvailableYet title="Onboarding Emails" what="Onboarding email management" />,
});
