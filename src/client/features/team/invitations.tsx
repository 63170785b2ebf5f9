// Inviting by e-mail with a role, and the pending invitations (resend makes a new link, revoke withdraws it).
import { useState, type FormEvent } from 'react';
import { Mail, Send, Trash2 } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { SectionCard } from '../../components/ui/section-card';
import { Input, Select } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/toast-store';
import { formatDateTime } from '../../lib/format';
import { trpc } from '../../trpc';
import { TEAM_TEXT } from './strings';
import { failed, useRefresh, type Role, type Workspace } from './team-kit';

function InviteForm() {
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
  const submit = (e: FormEvent) => {
    e.preventDefault();
    invite.mutate({ email, role });
  };
  return (
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
  );
}

function PendingInvitations({ invitations }: { invitations: Workspace['invitations'] }) {
  const refresh = useRefresh();
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
  return (
    <section aria-labelledby="pending-invitations">
      <h3 id="pending-invitations" className="mb-2 text-sm font-medium text-zinc-900 dark:text-white">
        Pending invitations
      </h3>
      {invitations.length === 0 ? (
        <p className="text-sm text-muted">No pending invitations.</p>
      ) : (
        <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-100 dark:divide-zinc-800 dark:border-zinc-800" aria-label="Pending invitations">
          {invitations.map((inv) => (
            <li key={inv.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2">
                  <Mail className="size-4 text-muted" aria-hidden />
                  <span className="break-all font-medium text-zinc-900 dark:text-zinc-100">{inv.email}</span>
                  <Badge>{TEAM_TEXT.roles[inv.role]}</Badge>
                  {inv.expired && <Badge tone="warning">Expired</Badge>}
                </p>
                <p className="mt-0.5 text-xs text-muted">
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
  );
}

export function Invitations({ workspace }: { workspace: Workspace }) {
  return (
    <SectionCard
      title="Invite a member"
      description={
        <>
          {TEAM_TEXT.roleHelp.editor} {TEAM_TEXT.roleHelp.viewer} Invitation links work for 7 days.
        </>
      }
      contentClassName="grid gap-5"
    >
      <InviteForm />
      <PendingInvitations invitations={workspace.invitations} />
    </SectionCard>
  );
}
