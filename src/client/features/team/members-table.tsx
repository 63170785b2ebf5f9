// The owner's members: role per member (the owner's is fixed) and removal with confirmation.
import { useState } from 'react';
import { UserMinus } from 'lucide-react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardHeader, CardTitle } from '../../components/ui/card';
import { Select } from '../../components/ui/input';
import { toast } from '../../components/ui/toast-store';
import { formatDate, formatDateTime } from '../../lib/format';
import { trpc } from '../../trpc';
import { TEAM_TEXT } from './strings';
import { failed, useRefresh, type Role, type Workspace } from './team-kit';

export function Members({ workspace }: { workspace: Workspace }) {
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
        <span className="text-sm text-muted">
          {others} of {workspace.limits.members}
        </span>
      </CardHeader>
      <div className="overflow-x-auto" role="region" aria-label="Members table" tabIndex={0}>
        <table className="w-full text-sm">
          <caption className="sr-only">Members</caption>
          <thead>
            <tr className="border-b border-zinc-100 text-left text-xs uppercase tracking-wide text-muted dark:border-zinc-800">
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
                  <span className="block break-all text-muted">{m.email}</span>
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
                <td className={`${cell} hidden whitespace-nowrap text-muted sm:table-cell`}>
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
