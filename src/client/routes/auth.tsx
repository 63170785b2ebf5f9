import { createFileRoute } from '@tanstack/react-router';
import { redirectIfSignedIn } from '../features/auth/session';
import { AuthPage } from '../features/auth/auth-page';
import { pageErrorView } from '../components/error-views';

export const Route = createFileRoute('/auth')({
  errorComponent: pageErrorView('Sign In'),
  validateSearch: (search: Record<string, unknown>): { error?: string } => (typeof search.error === 'string' ? { error: search.error } : {}),
  beforeLoad: ({ context }) => redirectIfSignedIn(context.trpc),
  component: AuthRoute,
});

function AuthRoute() {
  const { error } = Route.useSearch();
  return <AuthPage oauthError={error === 'oauth'} />;
}
