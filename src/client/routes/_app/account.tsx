import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../../features/account/account-page';
import { pageErrorView } from '../../components/error-views';

export const Route = createFileRoute('/_app/account')({
  errorComponent: pageErrorView('Account'),
  loader: ({ context }) => context.trpc.user.get.prefetch(),
  component: AccountPage,
});
