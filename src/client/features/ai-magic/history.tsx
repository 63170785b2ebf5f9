// What stays after a generation: the content drafts the creator saved (copy, delete) and the last
// generations, which open again in the page (?job=).
import { useState, type ReactNode } from 'react';
import { Copy, FileText, History, Trash2, type LucideIcon } from 'lucide-react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { SectionCard } from '../../components/ui/section-card';
import { ListError, ListSkeleton } from '../../components/ui/list-states';
import { toast } from '../../components/ui/toast-store';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatDateTime } from '../../lib/format';
import { trpc } from '../../trpc';
import { AI_KIND_INFO } from '../../../shared/schemas/ai';
import { clipboardText, copyToClipboard } from './text';

/** Generations listed under "Recent generations". */
const RECENT = 5;

const STATUS_TONE = { running: 'brand', done: 'success', failed: 'danger' } as const;
const STATUS_LABEL = { running: 'Writing', done: 'Done', failed: 'Failed' } as const;

/** A list's loading, error and empty states, then the list itself. */
function QueryList<T>({
  q,
  icon: Icon,
  empty,
  children,
}: {
  q: { isPending: boolean; isError: boolean; error: unknown; data: T[] | undefined; refetch: () => unknown };
  icon: LucideIcon;
  empty: string;
  children: (list: T[]) => ReactNode;
}) {
  if (q.isPending) return <ListSkeleton rows={2} />;
  if (q.isError) return <ListError message={errorMessage(q.error)} onRetry={() => void q.refetch()} />;
  if (!q.data?.length) {
    return (
      <p className="flex items-center gap-2 px-5 pb-5 text-sm text-muted">
        <Icon className="size-4 shrink-0" aria-hidden />
        {empty}
      </p>
    );
  }
  return <>{children(q.data)}</>;
}

export function YourDrafts() {
  const utils = trpc.useUtils();
  const drafts = trpc.ai.drafts.useQuery();
  const [deleting, setDeleting] = useState<{ id: string; title: string } | null>(null);
  const remove = trpc.ai.deleteDraft.useMutation({
    onSuccess: () => {
      setDeleting(null);
      toast({ title: 'Draft deleted' });
      void utils.ai.drafts.invalidate();
    },
    onError: (err) => toast({ title: 'Could not delete the draft', description: errorMessage(err), variant: 'destructive' }),
  });
  return (
    <SectionCard title="Your drafts" titleId="drafts-heading" description="Generations you saved, as you edited them." bare>
      <QueryList q={drafts} icon={FileText} empty="No drafts yet. Save a generation to keep it here.">
        {(list) => (
          <ul aria-label="Drafts" className="divide-y divide-zinc-100 border-t border-zinc-100 dark:divide-zinc-800 dark:border-zinc-800">
            {list.map((d) => (
              <li key={d.id} className="flex flex-col gap-2 px-5 py-3 sm:flex-row sm:items-center">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-zinc-900 dark:text-zinc-100" title={d.title}>
                    {d.title}
                  </p>
                  <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted">
                    <Badge>{AI_KIND_INFO[d.kind].label}</Badge>
                    <span>Updated {formatDate(d.updatedAt)}</span>
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Copy ${d.title}`}
                    onClick={() => void copyToClipboard(clipboardText(d.body, d.sources, d.kind))}
                  >
                    <Copy aria-hidden />
                    Copy
                  </Button>
                  <Button size="sm" variant="outline" aria-label={`Delete ${d.title}`} onClick={() => setDeleting({ id: d.id, title: d.title })}>
                    <Trash2 aria-hidden />
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryList>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this draft?"
        description={`“${deleting?.title ?? ''}” will be deleted. This cannot be undone.`}
        confirmLabel="Delete draft"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </SectionCard>
  );
}

export function RecentGenerations({ currentId, onOpen }: { currentId: string; onOpen: (id: string) => void }) {
  const jobs = trpc.ai.jobs.useQuery();
  return (
    <SectionCard title="Recent generations" titleId="recent-heading" description="Open one to read, copy or save it again." bare>
      <QueryList q={jobs} icon={History} empty="Nothing generated yet.">
        {(list) => (
          <ul aria-label="Recent generations" className="divide-y divide-zinc-100 border-t border-zinc-100 dark:divide-zinc-800 dark:border-zinc-800">
            {list.slice(0, RECENT).map((j) => (
              <li key={j.id}>
                <button
                  type="button"
                  onClick={() => onOpen(j.id)}
                  aria-current={j.id === currentId ? 'true' : undefined}
                  className={cn(
                    'flex w-full items-center gap-3 px-5 py-3 text-left transition-colors hover:bg-zinc-50 focus-visible:bg-zinc-50 dark:hover:bg-zinc-800/50 dark:focus-visible:bg-zinc-800/50',
                    j.id === currentId && 'bg-indigo-50/60 dark:bg-indigo-500/10',
                  )}
                >
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-zinc-900 dark:text-zinc-100">{j.topic || AI_KIND_INFO[j.kind].label}</span>
                    <span className="block text-xs text-muted">
                      {AI_KIND_INFO[j.kind].label} · {formatDateTime(j.createdAt)}
                    </span>
                  </span>
                  <Badge tone={STATUS_TONE[j.status]}>{STATUS_LABEL[j.status]}</Badge>
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryList>
    </SectionCard>
  );
}
