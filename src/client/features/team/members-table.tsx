// The owner's members: role per member (the owner's is fixed) and removal with confirmation.
import { useState } from 'react';
import { UserMinus } from 'lucide-react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { SectionCard } from '../../components/ui/section-card';
import { Select } from '../../components/ui/input';
import { toast } from '../../components/ui/toast-store';
import { formatDate, formatDateTime } from '../../lib/format';
import { Table, TableBody, TableHead, type TableColumn } from '../../components/ui/table';
import { trpc } from '../../trpc';
import { TEAM_TEXT } from './strings';
import { failed, useRefresh, type Role, type Workspace } from './team-kit';

const cell = 'px-3 py-3 first:pl-5 last:pr-5 align-middle';
const COLUMNS: (string | TableColumn)[] = ['Member', 'Role', { label: 'Joined', className: 'hidden sm:table-cell' }, { label: 'Actions', srOnly: true }];

type Member = Workspace['members'][number];

/** A member: name and address, the role (a choice, the owner's fixed), when they joined, and removal. */
function MemberRow({ member: m, onRole, roleBusy, onRemove }: { member: Member; onRole: (role: Role) => void; roleBusy: boolean; onRemove: () => void }) {
  return (
    <tr>
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
            disabled={roleBusy}
            onChange={(e) => onRole(e.target.value as Role)}
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
          <Button size="sm" variant="ghost" onClick={onRemove} aria-label={`Remove ${m.name}`}>
            <UserMinus aria-hidden /> <span className="hidden sm:inline">Remove</span>
          </Button>
        )}
      </td>
    </tr>
  );
}

export function Members({ workspace }: { workspace: Workspace }) {
  const refresh = useRefresh();
  const [removing, setRemoving] = useState<Member | null>(null);
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
  return (
    <SectionCard
      className="@container"
      title="Members"
      action={
        <span className="text-sm text-muted">
          {others} of {workspace.limits.members}
        </span>
      }
      headerClassName="border-b border-zinc-100 pb-4 dark:border-zinc-800"
      bare
    >
      <Table caption="Members" scroll="Members table">
        <TableHead columns={COLUMNS} ruled cellClassName={cell} />
        <TableBody>
          {workspace.members.map((m) => (
            <MemberRow
              key={m.userId}
              member={m}
              onRole={(role) => setRole.mutate({ userId: m.userId, role })}
              roleBusy={setRole.isPending}
              onRemove={() => setRemoving(m)}
            />
          ))}
        </TableBody>
      </Table>
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
    </SectionCard>
  );
}
