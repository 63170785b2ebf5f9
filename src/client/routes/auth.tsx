import { createFileRoute } from '@tanstack/react-router';
import { redirectIfSignedIn } from '../features/auth/session';
import { AuthPage } from '../features/auth/auth-page';
import { pageErrorView } from '../components/error-views';
import { stringParam } from '../lib/search';

// /auth: sign-in options; /auth?mode=signup opens account creation at once ("Get Started"), and
// &plan=<id> (a paid plan chosen on the landing page) continues to /upgrade?plan=<id> once the account exists.
export const Route = createFileRoute('/auth')({
  errorComponent: pageErrorView('Sign In'),
  validateSearch: (s: Record<string, unknown>): { error?: string; mode?: 'signup'; plan?: string } => {
    const error = stringParam(s, 'error', 40);
    const plan = stringParam(s, 'plan', 40);
    return { ...(error && { error }), ...(s.mode === 'signup' && { mode: 'signup' as const }), ...(plan && { plan }) };
  },
  beforeLoad: ({ context }) => redirectIfSignedIn(context.trpc),
  component: AuthRoute,
});

function AuthRoute() {
  const { error, mode, plan } = Route.useSearch();
  return <AuthPage oauthError={error === 'oauth'} initialView={mode === 'signup' ? 'signup' : null} plan={plan} />;
}
