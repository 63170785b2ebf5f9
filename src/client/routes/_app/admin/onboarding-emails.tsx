import { createFileRoute } from '@tanstack/react-router';
import { OnboardingEmailsPage } from '../../../features/admin-onboarding';

export const Route = createFileRoute('/_app/admin/onboarding-emails')({
  component: OnboardingEmailsPage,
});
