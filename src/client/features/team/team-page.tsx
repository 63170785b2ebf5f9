// /team (Enterprise team collaboration): the owner's team name, members with roles, invitations by
// e-mail and which publications are shared; for everyone, the teams they belong to. Accounts without
// Enterprise see the upgrade notice (the server refuses the changes too) and still their memberships.
import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { Mail, Send, Share2, Trash2, UserMinus, Users } from 'lucide-react';
import { MSG } from '../../../shared/messages';
import { PageHeader } from '../../components/page-header';
import { UpgradeNotice } from '../../components/upgrade-notice';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClass } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input, Select } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { EmptyState, ListError, ListSkeleton } from '../../components/ui/list-states';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatDateTime } from '../../lib/format';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/root';
import { trpc } from '../../trpc';
import { TEAM_TEXT } from './strings';

type Overview = inferRouterOutputs<AppRouter>['team']['overview'];
type Workspace = NonNullable<Overview['workspace']>;
type Role = 'editor' | 'viewer';

const failed = (title: string) => (err: unknown) => toast({ title, description: errorMessage(err, MSG.pleaseTryLater), variant: 'destructive' });

function useRefresh() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.team.overview.invalidate(), utils.publications.list.invalidate()]);
}

function TeamName({ workspace }: { workspace: Workspace }) {
  const refresh = useRefresh();
  const [name, setName] = useState(workspace.name);
  const rename = trpc.team.rename.useMutation({
    onSuccess: async (r) => {
      toast({ title: 'Team name saved', description: `Your team is now called “${r.name}”.`, variant: 'success' });
      await refresh();
    },
    onError: failed('The name was not saved'),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    rename.mutate({ name });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your team</CardTitle>
        <CardDescription>Members you invite see the publications you share with this team.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex-1">
            <Label htmlFor="team-name">Team name</Label>
            <Input id="team-name" value={name} maxLength={80} required onChange={(e) => setName(e.target.value)} className="mt-1.5 h-10" />
          </div>
          <Button type="submit" variant="outline" disabled={rename.isPending || !name.trim() || name.trim() === workspace.name}>
            Save name
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function Members({ workspace }: { workspace: Workspace }) {
  const refresh = useRefresh();
  const [removing, setRemoving] = useState<Workspace['members'][number] | null>(null);
  const setRole = trpc.team.setRole.useMutation({
    onSuccess: async () => {
      toast({ title: 'Role changed', variant: 'success' });
      await refresh();
    },
    onError: failed('The role was not changed'),
  });
  const remove = trpc.team.remove.useMutation({
    onSuccess: async () => {
      toast({ title: 'Member removed', description: `${removing?.name ?? 'They'} no longer see${removing ? 's' : ''} your shared publications.` });
      setRemoving(null);
      await refresh();
    },
    onError: failed('The member was not removed'),
  });
  const others = workspace.members.filter((m) => m.role !== 'owner').length;
  const cell = 'px-3 py-3 first:pl-5 last:pr-5 align-middle';
  return (
    <Card className="@container">
      <CardHeader className="flex-row items-center justify-between border-b border-zinc-100 pb-4 dark:border-zinc-800">
        <CardTitle>Members</CardTitle>
        <span className="text-sm text-zinc-500 dark:text-zinc-400">
          {others} of {workspace.limits.members}
        </span>
      </CardHeader>
      <div className="overflow-x-auto" role="region" aria-label="Members table" tabIndex={0}>
        <table className="w-full text-sm">
          <caption className="sr-only">Members</caption>
          <thead>
            <tr className="border-b border-zinc-100 text-left text-xs uppercase tracking-wide text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
              <th scope="col" className={`${cell} font-medium`}>
                Member
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                Role
              </th>
              <th scope="col" className={`${cell} hidden font-medium sm:table-cell`}>
                Joined
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {workspace.members.map((m) => (
              <tr key={m.userId}>
                <td className={cell}>
                  <span className="block font-medium text-zinc-900 dark:text-zinc-100">{m.name}</span>
                  <span className="block break-all text-zinc-600 dark:text-zinc-400">{m.email}</span>
                </td>
                <td className={cell}>
                  {m.role === 'owner' ? (
                    <Badge tone="brand">{TEAM_TEXT.roles.owner}</Badge>
                  ) : (
                    <Select
                      aria-label={`Role of ${m.name}`}
                      value={m.role}
                      disabled={setRole.isPending}
                      onChange={(e) => setRole.mutate({ userId: m.userId, role: e.target.value as Role })}
                      className="h-9 w-28 sm:w-32"
                    >
                      <option value="editor">{TEAM_TEXT.roles.editor}</option>
                      <option value="viewer">{TEAM_TEXT.roles.viewer}</option>
                    </Select>
                  )}
                </td>
                <td className={`${cell} hidden whitespace-nowrap text-zinc-600 sm:table-cell dark:text-zinc-400`}>
                  <time dateTime={m.joinedAt} title={formatDateTime(m.joinedAt)}>
                    {formatDate(m.joinedAt)}
                  </time>
                </td>
                <td className={`${cell} text-right`}>
                  {m.role !== 'owner' && (
                    <Button size="sm" variant="ghost" onClick={() => setRemoving(m)} aria-label={`Remove ${m.name}`}>
                      <UserMinus aria-hidden /> <span className="hidden sm:inline">Remove</span>
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title="Remove member?"
        description={
          <>
            {removing?.name} ({removing?.email}) will lose access to your shared publications at once. You can invite them again later.
          </>
        }
        confirmLabel="Remove member"
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate({ userId: removing.userId })}
      />
    </Card>
  );
}

function Invitations({ workspace }: { workspace: Workspace }) {
  const refresh = useRefresh();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('editor');
  const invite = trpc.team.invite.useMutation({
    onSuccess: async (inv) => {
      toast({
        title: 'Invitation sent',
        description: `We e-mailed ${inv.email} a link to join as ${TEAM_TEXT.roles[inv.role].toLowerCase()}.`,
        variant: 'success',
      });
      setEmail('');
      await refresh();
    },
    onError: async (err) => {
      failed('The invitation was not sent')(err);
      await refresh();
    },
  });
  const resend = trpc.team.resend.useMutation({
    onSuccess: async (inv) => {
      toast({ title: 'Invitation sent again', description: `A new link went to ${inv.email}; the old one no longer works.`, variant: 'success' });
      await refresh();
    },
    onError: failed('The invitation was not sent'),
  });
  const revoke = trpc.team.revoke.useMutation({
    onSuccess: async () => {
      toast({ title: 'Invitation revoked', description: 'Its link no longer works.' });
      await refresh();
    },
    onError: failed('The invitation was not revoked'),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    invite.mutate({ email, role });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Invite a member</CardTitle>
        <CardDescription>
          {TEAM_TEXT.roleHelp.editor} {TEAM_TEXT.roleHelp.viewer} Invitation links work for 7 days.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
          <div>
            <Label htmlFor="invite-email">Email address</Label>
            <Input
              id="invite-email"
              type="email"
              required
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              placeholder="colleague@example.com"
              className="mt-1.5 h-10"
            />
          </div>
          <div>
            <Label htmlFor="invite-role">Role</Label>
            <Select id="invite-role" value={role} onChange={(e) => setRole(e.target.value as Role)} className="mt-1.5">
              <option value="editor">{TEAM_TEXT.roles.editor}</option>
              <option value="viewer">{TEAM_TEXT.roles.viewer}</option>
            </Select>
          </div>
          <Button type="submit" disabled={invite.isPending || !email.trim()}>
            <Send aria-hidden /> Send invitation
          </Button>
        </form>

        <section aria-labelledby="pending-invitations">
          <h3 id="pending-invitations" className="mb-2 text-sm font-medium text-zinc-900 dark:text-white">
            Pending invitations
          </h3>
          {workspace.invitations.length === 0 ? (
            <p className="text-sm text-zinc-500 dark:text-zinc-400">No pending invitations.</p>
          ) : (
            <ul
              className="divide-y divide-zinc-100 rounded-lg border border-zinc-100 dark:divide-zinc-800 dark:border-zinc-800"
              aria-label="Pending invitations"
            >
              {workspace.invitations.map((inv) => (
                <li key={inv.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center">
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2">
                      <Mail className="size-4 text-zinc-400" aria-hidden />
                      <span className="break-all font-medium text-zinc-900 dark:text-zinc-100">{inv.email}</span>
                      <Badge>{TEAM_TEXT.roles[inv.role]}</Badge>
                      {inv.expired && <Badge tone="warning">Expired</Badge>}
                    </p>
                    <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">
                      {inv.expired ? 'Expired' : 'Expires'} <time dateTime={inv.expiresAt}>{formatDateTime(inv.expiresAt)}</time>
                    </p>
                  </div>
                  <div className="flex shrink-0 gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={resend.isPending}
                      onClick={() => resend.mutate({ id: inv.id })}
                      aria-label={`Resend invitation to ${inv.email}`}
                    >
                      Resend
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={revoke.isPending}
                      onClick={() => revoke.mutate({ id: inv.id })}
                      aria-label={`Revoke invitation to ${inv.email}`}
                    >
                      <Trash2 aria-hidden /> Revoke
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </CardContent>
    </Card>
  );
}

function SharedPublications({ workspace }: { workspace: Workspace }) {
  const refresh = useRefresh();
  const done = (title: string) => async () => {
    toast({ title, variant: 'success' });
    await refresh();
  };
  const share = trpc.team.share.useMutation({ onSuccess: done('Shared with your team'), onError: failed('The publication was not shared') });
  const unshare = trpc.team.unshare.useMutation({ onSuccess: done('No longer shared'), onError: failed('The publication is still shared') });
  const busy = share.isPending || unshare.isPending;
  return (
    <Card>
      <CardHeader className="border-b border-zinc-100 pb-4 dark:border-zinc-800">
        <CardTitle>Shared publications</CardTitle>
        <CardDescription>Sending and subscribers stay with you; members only open what you share here.</CardDescription>
      </CardHeader>
      {workspace.publications.length === 0 ? (
        <EmptyState icon={Share2} title="No publications yet" body="Create a publication, then share it with your team here.">
          <Link to="/publications" className={buttonClass('outline', 'sm')}>
            Go to Publications
          </Link>
        </EmptyState>
      ) : (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" aria-label="Your publications to share">
          {workspace.publications.map((p) => (
            <li key={p.id} className="flex items-center gap-3 px-5 py-3">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="truncate font-medium text-zinc-900 dark:text-zinc-100" title={p.name}>
                    {p.name}
                  </span>
                  {p.shared && <Badge tone="success">Shared</Badge>}
                </p>
              </div>
              {p.shared ? (
                <Button size="sm" variant="outline" disabled={busy} onClick={() => unshare.mutate({ publicationId: p.id })} aria-label={`Unshare ${p.name}`}>
                  Unshare
                </Button>
              ) : (
                <Button size="sm" disabled={busy} onClick={() => share.mutate({ publicationId: p.id })} aria-label={`Share ${p.name}`}>
                  <Share2 aria-hidden /> Share
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Memberships({ memberships }: { memberships: Overview['memberships'] }) {
  const refresh = useRefresh();
  const [leaving, setLeaving] = useState<Overview['memberships'][number] | null>(null);
  const leave = trpc.team.leave.useMutation({
    onSuccess: async () => {
      toast({ title: 'You left the team', description: leaving ? `${leaving.name}’s shared publications are no longer in your list.` : undefined });
      setLeaving(null);
      await refresh();
    },
    onError: failed('You are still in the team'),
  });
  return (
    <Card>
      <CardHeader className="border-b border-zinc-100 pb-4 dark:border-zinc-800">
        <CardTitle>Workspaces you belong to</CardTitle>
        <CardDescription>Publications these teams share appear in your Publications list.</CardDescription>
      </CardHeader>
      {memberships.length === 0 ? (
        <EmptyState icon={Users} title="Not in another team" body="When someone invites you, accept the link in their e-mail and their team appears here." />
      ) : (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" aria-label="Workspaces you belong to">
          {memberships.map((m) => (
            <li key={m.workspaceId} className="flex flex-col gap-2 px-5 py-3 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-zinc-900 dark:text-zinc-100">{m.name}</span>
                  <Badge tone="brand">{TEAM_TEXT.roles[m.role]}</Badge>
                </p>
                <p className="mt-0.5 text-sm text-zinc-500 dark:text-zinc-400">
                  Owner: {m.ownerName} ({m.ownerEmail}) · {m.sharedCount === 1 ? '1 shared publication' : `${m.sharedCount} shared publications`} · joined{' '}
                  {formatDate(m.joinedAt)}
                </p>
              </div>
              <Button size="sm" variant="ghost" onClick={() => setLeaving(m)} aria-label={`Leave ${m.name}`}>
                Leave
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={leaving !== null}
        onOpenChange={(o) => !o && setLeaving(null)}
        title="Leave this team?"
        description={
          <>
            You will lose access to the publications {leaving?.ownerName} shares with {leaving?.name}. Only a new invitation brings you back.
          </>
        }
        confirmLabel="Leave team"
        pending={leave.isPending}
        onConfirm={() => leaving && leave.mutate({ workspaceId: leaving.workspaceId })}
      />
    </Card>
  );
}

export function TeamPage() {
  const overview = trpc.team.overview.useQuery();
  return (
    <>
      <PageHeader title="Team" description="Invite people by e-mail, give them a role and share publications with them." />
      {overview.isPending ? (
        <Card>
          <ListSkeleton />
        </Card>
      ) : overview.isError ? (
        <Card>
          <ListError message={errorMessage(overview.error, MSG.pageErrorBody)} onRetry={() => void overview.refetch()} />
        </Card>
      ) : (
        <div className="grid min-w-0 grid-cols-1 gap-6 [&>*]:min-w-0">
          {overview.data.workspace ? (
            <>
              <TeamName key={overview.data.workspace.name} workspace={overview.data.workspace} />
              <Members workspace={overview.data.workspace} />
              <Invitations workspace={overview.data.workspace} />
              <SharedPublications workspace={overview.data.workspace} />
            </>
          ) : (
            <UpgradeNotice message={TEAM_TEXT.enterpriseOnly} />
          )}
          <Memberships memberships={overview.data.memberships} />
        </div>
      )}
    </>
  );
}
