import { createFileRoute } from '@tanstack/react-router';
import { OnboardingEmailsPage } from '../../../features/admin-onboarding';
import { ensurePageData } from '../../../lib/page-data';

export const Route = createFileRoute('/_app/admin/onboarding-emails')({
  loader: ({ context }) => ensurePageData(context.queryClient, context.trpc.onboarding.list.queryOptions(undefined)),
  component: OnboardingEmailsPage,
});
