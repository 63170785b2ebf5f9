// The owner's publications with Share / Unshare: members only reach what is shared here.
import { Link } from '@tanstack/react-router';
import { Share2 } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClass } from '../../components/ui/button';
import { SectionCard } from '../../components/ui/section-card';
import { EmptyState } from '../../components/ui/list-states';
import { toast } from '../../components/ui/toast-store';
import { trpc } from '../../trpc';
import { failed, useRefresh, type Workspace } from './team-kit';

export function SharedPublications({ workspace }: { workspace: Workspace }) {
  const refresh = useRefresh();
  const done = (title: string) => async () => {
    toast({ title, variant: 'success' });
    await refresh();
  };
  const share = trpc.team.share.useMutation({ onSuccess: done('Shared with your team'), onError: failed('The publication was not shared') });
  const unshare = trpc.team.unshare.useMutation({ onSuccess: done('No longer shared'), onError: failed('The publication is still shared') });
  const busy = share.isPending || unshare.isPending;
  return (
    <SectionCard
      title="Shared publications"
      description="Sending and subscribers stay with you; members only open what you share here."
      headerClassName="border-b border-zinc-100 pb-4 dark:border-zinc-800"
      bare
    >
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
    </SectionCard>
  );
}
