// /newsletters: the user's saved newsletters with a read-only preview, duplicate, export (plan formats)
// and delete with confirmation.
import { Link } from '@tanstack/react-router';
import { Copy, Eye, Mail, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { MSG } from '../../../shared/messages';
import { getTheme } from '../../../shared/themes';
import { PageHeader } from '../../components/page-header';
import { Badge } from '../../components/ui/badge';
import { ListError, EmptyState, ListSkeleton } from '../../components/ui/list-states';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { trpc } from '../../trpc';
import { LOADED } from '../../lib/page-data';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { UpgradeDialog } from '../upgrade';
import { formatDateTime } from '../../lib/format';
import { ExportMenu } from './export-menu';
import { PreviewDialog } from './preview-dialog';
import { EditDialog } from './edit-dialog';

type DraftSummary = { id: string; title: string; status: 'draft' | 'ready' | 'sent'; theme: string | null; articleCount: number; updatedAt: string };

const STATUS_LABEL = { draft: 'Draft', ready: 'Ready', sent: 'Sent' } as const;
const STATUS_TONE = { draft: 'neutral', ready: 'brand', sent: 'success' } as const;

function NewsletterRow({
  n,
  onOpen,
  onEdit,
  onDuplicate,
  duplicating,
  onDelete,
  onUpgrade,
}: {
  n: DraftSummary;
  onOpen: () => void;
  onEdit: () => void;
  onDuplicate: () => void;
  duplicating: boolean;
  onDelete: () => void;
  onUpgrade: () => void;
}) {
  const nameId = `nl-${n.id}`;
  const themeName = n.theme ? (getTheme(n.theme)?.name ?? n.theme) : 'No theme';
  return (
    <li>
      <article aria-labelledby={nameId} className="flex flex-col gap-3 px-5 py-4 @3xl:flex-row @3xl:items-center @3xl:gap-4">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={nameId} className="truncate font-medium text-zinc-900 dark:text-white">
              {n.title}
            </h3>
            <Badge tone={STATUS_TONE[n.status]}>{STATUS_LABEL[n.status]}</Badge>
          </div>
          <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
            {themeName} · {n.articleCount} article{n.articleCount === 1 ? '' : 's'} ·{' '}
            <time dateTime={n.updatedAt} title={formatDateTime(n.updatedAt)}>
              {formatDate(n.updatedAt)}
            </time>
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={onOpen} aria-describedby={nameId}>
            <Eye aria-hidden /> Open
          </Button>
          <Button size="sm" variant="outline" onClick={onEdit} aria-describedby={nameId}>
            <Pencil aria-hidden /> Edit
          </Button>
          <Button size="sm" variant="outline" onClick={onDuplicate} loading={duplicating} aria-describedby={nameId}>
            {!duplicating && <Copy aria-hidden />} Duplicate
          </Button>
          <ExportMenu resolveId={() => n.id} describedBy={nameId} onUpgrade={onUpgrade} />
          <Button
            size="sm"
            variant="ghost"
            className="text-red-600 hover:bg-red-50 hover:text-red-700 dark:text-red-400 dark:hover:bg-red-500/10 dark:hover:text-red-300"
            onClick={onDelete}
            aria-describedby={nameId}
          >
            <Trash2 aria-hidden /> Delete
          </Button>
        </div>
      </article>
    </li>
  );
}

export function NewslettersPage({ editId, onEdit }: { editId: string | null; onEdit: (id: string | null) => void }) {
  const utils = trpc.useUtils();
  const list = trpc.drafts.list.useQuery(undefined, LOADED);
  const [previewId, setPreviewId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<DraftSummary | null>(null);
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const duplicate = trpc.drafts.duplicate.useMutation({
    onSuccess: async (copy) => {
      toast({ title: 'Newsletter duplicated', description: `Saved as “${copy.title}”.`, variant: 'success' });
      await utils.drafts.list.invalidate();
    },
    onError: (err) => toast({ title: 'Duplicate failed', description: errorMessage(err, MSG.pleaseTryLater), variant: 'destructive' }),
  });
  const remove = trpc.drafts.delete.useMutation({
    onSuccess: async () => {
      const title = deleting?.title;
      setDeleting(null);
      toast({ title: 'Newsletter deleted', description: title ? `“${title}” was deleted.` : undefined });
      await utils.drafts.list.invalidate();
    },
    onError: (err) => toast({ title: 'Delete failed', description: errorMessage(err, MSG.pleaseTryLater), variant: 'destructive' }),
  });

  const count = list.data?.length ?? 0;
  return (
    <>
      <PageHeader
        title="Newsletters"
        description="Newsletters you saved from the workflow: preview, duplicate, export or delete them."
        actions={
          <Link to="/publications" className={buttonClass('primary')}>
            New newsletter
          </Link>
        }
      />
      <Card className="@container">
        {list.isPending ? (
          <ListSkeleton />
        ) : list.isError ? (
          <ListError message={errorMessage(list.error, MSG.pageErrorBody)} onRetry={() => void list.refetch()} />
        ) : count === 0 ? (
          <EmptyState
            icon={Mail}
            title={'No saved newsletters yet'}
            body={'Build one from a publication and press Save in the last step; it will appear here.'}
          >
            <Link to="/publications" className={buttonClass('outline', 'sm')}>
              Go to Publications
            </Link>
          </EmptyState>
        ) : (
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" aria-label="Saved newsletters">
            {list.data.map((n) => (
              <NewsletterRow
                key={n.id}
                n={n}
                onOpen={() => setPreviewId(n.id)}
                onEdit={() => onEdit(n.id)}
                duplicating={duplicate.isPending && duplicate.variables?.id === n.id}
                onDuplicate={() => duplicate.mutate({ id: n.id })}
                onDelete={() => setDeleting(n)}
                onUpgrade={() => setUpgradeOpen(true)}
              />
            ))}
          </ul>
        )}
      </Card>
      <UpgradeDialog open={upgradeOpen} onOpenChange={setUpgradeOpen} />
      <PreviewDialog id={previewId} onOpenChange={(o) => !o && setPreviewId(null)} />
      <EditDialog id={editId} onOpenChange={(o) => !o && onEdit(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete newsletter?"
        description={<>“{deleting?.title}” will be deleted. This cannot be undone.</>}
        confirmLabel="Delete newsletter"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </>
  );
}
