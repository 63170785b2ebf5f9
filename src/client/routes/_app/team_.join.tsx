import { createFileRoute } from '@tanstack/react-router';
import { stringParam } from '../../lib/search';
import { rememberPendingInvitation } from '../../lib/pending-invitation';
import { JoinPage } from '../../features/team/join-page';
import { pageErrorView } from '../../components/error-views';
import { ensurePageData } from '../../lib/page-data';

interface JoinSearch {
  token?: string;
}

// The invitation link (/team/join?token=…). Search parameters are read before the signed-in layout
// checks the session, so the token is kept here for after the sign-in a signed-out visitor is sent to.
export const Route = createFileRoute('/_app/team_/join')({
  errorComponent: pageErrorView('Team Invitation'),
  validateSearch: (search: Record<string, unknown>): JoinSearch => {
    const token = stringParam(search, 'token', 200);
    if (token) rememberPendingInvitation(token);
    return token ? { token } : {};
  },
  loaderDeps: ({ search }) => ({ token: search.token }),
  loader: ({ context, deps: { token } }) =>
    token && ensurePageData(context.queryClient, context.trpc.team.invitation.queryOptions({ token }, { retry: false })),
  component: JoinRoute,
});

function JoinRoute() {
  const { token } = Route.useSearch();
  return <JoinPage token={token ?? ''} />;
}
