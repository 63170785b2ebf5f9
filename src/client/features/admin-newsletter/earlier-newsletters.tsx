// The product newsletters written so far on /admin/newsletters/new: each with its status and how many were sent,
// drafts with Edit and Delete.
import { Mail, Trash2 } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState, ListError, ListSkeleton } from '../../components/ui/list-states';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { trpc, type RouterOutputs } from '../../trpc';
import { LOADED } from '../../lib/page-data';

const STATUS_TONE = { draft: 'neutral', sending: 'brand', sent: 'success', failed: 'danger' } as const;

type ProductNewsletter = RouterOutputs['productNews']['list']['newsletters'][number];

export function EarlierNewsletters({
  onEdit,
  onDeleted,
  refresh,
}: {
  onEdit: (nl: ProductNewsletter) => void;
  onDeleted: (id: string) => void;
  refresh: () => void;
}) {
  const list = trpc.productNews.list.useQuery(undefined, LOADED);
  const remove = trpc.productNews.deleteDraft.useMutation({
    onSuccess: (_r, v) => {
      onDeleted(v.id);
      toast({ title: 'Draft deleted', variant: 'success' });
      refresh();
    },
    onError: (err) => toast({ title: 'Draft not deleted', description: errorMessage(err), variant: 'destructive' }),
  });
  return (
    <Card className="mt-6 overflow-hidden">
      <h2 className="border-b border-zinc-100 px-5 py-3 text-sm font-semibold text-zinc-900 dark:border-zinc-800 dark:text-white">Earlier newsletters</h2>
      {list.isLoading ? (
        <ListSkeleton rows={2} />
      ) : list.isError ? (
        <ListError message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : !list.data?.newsletters.length ? (
        <EmptyState icon={Mail} title="No product newsletters yet" body="Drafts and sent newsletters show here, with how many were delivered." />
      ) : (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {list.data.newsletters.map((nl) => (
            <li key={nl.id} className="flex flex-col gap-2 px-5 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-zinc-900 dark:text-zinc-100">
                  <span className="truncate">{nl.subject}</span>
                  <Badge tone={STATUS_TONE[nl.status]}>{nl.status[0]!.toUpperCase() + nl.status.slice(1)}</Badge>
                </p>
                <p className="mt-0.5 text-xs text-muted">
                  {nl.status === 'draft'
                    ? `Saved ${formatDateTime(nl.updatedAt)}`
                    : `${formatDateTime(nl.sentAt ?? nl.updatedAt)} · ${nl.sentCount} of ${nl.recipients} sent${nl.failedCount ? ` · ${nl.failedCount} failed` : ''}`}
                </p>
              </div>
              {nl.status === 'draft' && (
                <div className="flex shrink-0 gap-2">
                  <Button size="sm" variant="outline" onClick={() => onEdit(nl)}>
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Delete draft ${nl.subject}`}
                    loading={remove.isPending && remove.variables?.id === nl.id}
                    onClick={() => remove.mutate({ id: nl.id })}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
