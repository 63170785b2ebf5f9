// /team/join?token=…: who invites you to which team with which role, and Accept. The server decides;
// the page says beforehand when the signed-in address is not the invited one or is not confirmed yet.
import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { CheckCircle2, MailWarning, UserPlus } from 'lucide-react';
import { MSG } from '../../../shared/messages';
import { PageHeader } from '../../components/page-header';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClass } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { PageSpinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { trpc } from '../../trpc';
import { clearPendingInvitation } from '../../lib/pending-invitation';
import { TEAM_TEXT } from './strings';
import { useRefresh } from './team-kit';
import { LOADED } from '../../lib/page-data';
import { ErrorLine } from '../../components/error-line';

const LINK_INVALID = 'This invitation link is not valid. Check that you copied the whole link.';

function Notice({ tone, title, children }: { tone: 'error' | 'ok'; title: string; children?: React.ReactNode }) {
  const Icon = tone === 'ok' ? CheckCircle2 : MailWarning;
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
        <Icon className={tone === 'ok' ? 'size-10 text-emerald-600 dark:text-emerald-400' : 'size-10 text-amber-600 dark:text-amber-400'} aria-hidden />
        <h2 className="text-lg font-semibold text-zinc-900 dark:text-white">{title}</h2>
        {children}
      </CardContent>
    </Card>
  );
}

export function JoinPage({ token }: { token: string }) {
  // The token is in the address now: the one kept across sign-in has done its job.
  useEffect(() => clearPendingInvitation(), []);
  const refresh = useRefresh();
  const invitation = trpc.team.invitation.useQuery({ token }, { ...LOADED, enabled: !!token, retry: false });
  const [joined, setJoined] = useState<{ workspaceName: string; role: 'editor' | 'viewer'; alreadyMember: boolean } | null>(null);
  const accept = trpc.team.accept.useMutation({
    onSuccess: async (r) => {
      setJoined(r);
      await refresh();
    },
  });

  const body = () => {
    if (!token) return <Notice tone="error" title={LINK_INVALID} />;
    if (invitation.isPending) return <PageSpinner />;
    if (invitation.isError)
      return (
        <Notice tone="error" title="This invitation cannot be used">
          <p role="alert" className="max-w-md text-sm text-muted">
            {errorMessage(invitation.error, MSG.pageErrorBody)}
          </p>
          <Link to="/team" className={buttonClass('outline', 'sm')}>
            Go to Team
          </Link>
        </Notice>
      );
    const inv = invitation.data;
    if (joined || inv.accepted)
      return (
        <Notice tone="ok" title={`You are a member of ${joined?.workspaceName ?? inv.workspaceName}`}>
          <p className="max-w-md text-sm text-muted">{TEAM_TEXT.roleHelp[joined?.role ?? inv.role]} Shared publications are in your Publications list.</p>
          <div className="flex gap-2">
            <Link to="/publications" className={buttonClass('primary', 'sm')}>
              Go to Publications
            </Link>
            <Link to="/team" className={buttonClass('outline', 'sm')}>
              Your teams
            </Link>
          </div>
        </Notice>
      );
    const blocked = !inv.addressMatches
      ? `This invitation was sent to ${inv.email}. Sign out and sign in with that address to accept it (signing in with a code e-mailed to it also confirms it).`
      : !inv.verified
        ? `Confirm your address ${inv.email} first: sign out and sign in with a code e-mailed to it, which confirms it. Then open the invitation link again.`
        : null;
    return (
      <Card className="mx-auto max-w-xl">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <UserPlus className="size-5 text-indigo-600 dark:text-indigo-400" aria-hidden /> Join {inv.workspaceName}
          </CardTitle>
          <CardDescription>
            {inv.inviterName} invited you to join {inv.workspaceName}
            {inv.ownerName !== inv.inviterName ? ` (owned by ${inv.ownerName})` : ''}.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted">Role</dt>
            <dd>
              <Badge tone="brand">{TEAM_TEXT.roles[inv.role]}</Badge> <span className="text-muted">{TEAM_TEXT.roleHelp[inv.role]}</span>
            </dd>
            <dt className="text-muted">Invited address</dt>
            <dd className="break-all text-zinc-900 dark:text-zinc-100">{inv.email}</dd>
            <dt className="text-muted">Link expires</dt>
            <dd className="text-zinc-900 dark:text-zinc-100">{formatDateTime(inv.expiresAt)}</dd>
          </dl>
          {blocked && (
            <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
              {blocked}
            </p>
          )}
          <ErrorLine
            error={accept.error}
            fallback={MSG.pleaseTryLater}
            className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-200"
          />
          <div>
            <Button onClick={() => accept.mutate({ token })} disabled={accept.isPending || !!blocked}>
              Accept invitation
            </Button>
          </div>
        </CardContent>
      </Card>
    );
  };

  return (
    <>
      <PageHeader title="Team invitation" />
      {body()}
    </>
  );
}
