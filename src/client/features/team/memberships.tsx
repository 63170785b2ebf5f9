// Other owners' teams the user belongs to (any plan), and leaving one with confirmation.
import { useState } from 'react';
import { Users } from 'lucide-react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { SectionCard } from '../../components/ui/section-card';
import { EmptyState } from '../../components/ui/list-states';
import { toast } from '../../components/ui/toast-store';
import { formatDate } from '../../lib/format';
import { trpc } from '../../trpc';
import { TEAM_TEXT } from './strings';
import { failed, useRefresh, type Overview } from './team-kit';

export function Memberships({ memberships }: { memberships: Overview['memberships'] }) {
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
    <SectionCard
      title="Workspaces you belong to"
      description="Publications these teams share appear in your Publications list."
      headerClassName="border-b border-zinc-100 pb-4 dark:border-zinc-800"
      bare
    >
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
                <p className="mt-0.5 text-sm text-muted">
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
    </SectionCard>
  );
}
