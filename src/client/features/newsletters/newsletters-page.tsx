// /newsletters: every issue of the creator in one list, newest first (issues.list, 20 a page): saved
// newsletters not sent yet, with their preview, edit, duplicate, export (plan formats) and delete; and
// every send (scheduled, sending, sent, failed, canceled) with its date, audience, delivery and, where
// the plan tracks, unique opens and clicks, opening its report (/analytics) and its public web copy.
import { Link } from '@tanstack/react-router';
import { BarChart3, Copy, ExternalLink, Eye, Mail, Pencil, Send } from 'lucide-react';
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
import { formatDate, formatDateTime } from '../../lib/format';
import { trpc, type RouterInputs, type RouterOutputs } from '../../trpc';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DeleteButton } from '../../components/delete-button';
import { UpgradeDialog } from '../upgrade';
import { ExportMenu } from './export-menu';
import { PreviewDialog } from './preview-dialog';
import { EditDialog } from './edit-dialog';

type Issue = RouterOutputs['issues']['list']['issues'][number];
type Filter = NonNullable<Exclude<RouterInputs['issues']['list'], void | undefined>['filter']>;

/** One page of the list; the route's loader fetches the first with the same input. */
export const ISSUES_PAGE = 20;
export const issuesInput = (filter: Filter) => ({ filter, limit: ISSUES_PAGE });

const FILTERS: { id: Filter; label: string; empty: string }[] = [
  { id: 'all', label: 'All', empty: '' },
  { id: 'drafts', label: 'Drafts', empty: 'No drafts. Press Save in the last step of a publication to keep an issue here.' },
  { id: 'scheduled', label: 'Scheduled', empty: 'Nothing scheduled. Choose "Schedule" when you send an issue to have it go out later.' },
  { id: 'sending', label: 'Sending', empty: 'No issue is going out right now.' },
  { id: 'sent', label: 'Sent', empty: 'No issue sent yet. Send one to your subscribers from the last step of a publication.' },
];

const STATUS: Record<Issue['status'], { label: string; tone: 'neutral' | 'brand' | 'success' | 'warning' | 'danger' }> = {
  draft: { label: 'Draft', tone: 'neutral' },
  ready: { label: 'Ready', tone: 'brand' },
  scheduled: { label: 'Scheduled', tone: 'brand' },
  sending: { label: 'Sending', tone: 'warning' },
  paused: { label: 'Paused', tone: 'warning' },
  sent: { label: 'Sent', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  canceled: { label: 'Canceled', tone: 'neutral' },
};

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function When({ label, iso }: { label: string; iso: string }) {
  return (
    <>
      {label}{' '}
      <time dateTime={iso} title={formatDateTime(iso)}>
        {formatDate(iso)}
      </time>
    </>
  );
}

/** The send's date as its status tells it. */
function sendWhen(i: Issue) {
  const s = i.send!;
  if (i.status === 'scheduled') return <When label="Scheduled for" iso={s.scheduledAt} />;
  if (i.status === 'canceled') return <When label="Canceled" iso={s.finishedAt ?? s.scheduledAt} />;
  if (i.status === 'sent') return <When label="Sent" iso={s.startedAt ?? s.scheduledAt} />;
  return <When label="Started" iso={s.startedAt ?? s.scheduledAt} />;
}

function Figures({ i, analytics }: { i: Issue; analytics: boolean }) {
  const s = i.send!;
  const audience = s.segmentName ? `Segment “${s.segmentName}”` : 'All subscribers';
  const items: [string, string][] = [['Audience', s.recipients > 0 ? `${audience} · ${plural(s.recipients, 'reader')}` : audience]];
  if (s.startedAt) items.push(['Delivered', s.delivered.toLocaleString('en-US')]);
  if (analytics && s.startedAt) {
    items.push(['Opens', s.opens === null ? 'Not tracked' : s.opens.toLocaleString('en-US')]);
    items.push(['Clicks', s.clicks === null ? 'Not tracked' : s.clicks.toLocaleString('en-US')]);
  }
  return (
    <dl className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm">
      {items.map(([k, v]) => (
        <div key={k} className="flex gap-1.5">
          <dt className="text-muted">{k}</dt>
          <dd className="font-medium tabular-nums text-zinc-900 dark:text-zinc-100">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

interface RowActions {
  onOpen: (id: string) => void;
  onEdit: (id: string) => void;
  onDuplicate: (id: string) => void;
  duplicatingId: string | null;
  onDelete: (i: Issue) => void;
  onUpgrade: () => void;
}

function IssueRow({ i, analytics, a }: { i: Issue; analytics: boolean; a: RowActions }) {
  const nameId = `issue-${i.kind}-${i.id}`;
  const status = STATUS[i.status];
  const savedId = i.kind === 'draft' ? i.id : i.send?.newsletterId;
  const meta =
    i.kind === 'draft' ? (
      <>
        {i.draft?.theme ? (getTheme(i.draft.theme)?.name ?? i.draft.theme) : 'No theme'} · {plural(i.draft?.articleCount ?? 0, 'article')} ·{' '}
        <When label="Edited" iso={i.at} />
      </>
    ) : (
      sendWhen(i)
    );
  return (
    <li>
      <article aria-labelledby={nameId} className="flex flex-col gap-3 px-5 py-4 @3xl:flex-row @3xl:items-center @3xl:gap-4">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={nameId} className="min-w-0 break-words font-medium text-zinc-900 dark:text-white">
              {i.title}
            </h2>
            <Badge tone={status.tone}>{status.label}</Badge>
          </div>
          <p className="mt-1 text-sm text-muted">
            {i.publicationName ? `${i.publicationName} · ` : ''}
            {meta}
          </p>
          {i.send && <Figures i={i} analytics={analytics} />}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {i.kind === 'draft' ? (
            <>
              <Button size="sm" variant="outline" onClick={() => a.onOpen(i.id)} aria-describedby={nameId}>
                <Eye aria-hidden /> Open
              </Button>
              <Button size="sm" variant="outline" onClick={() => a.onEdit(i.id)} aria-describedby={nameId}>
                <Pencil aria-hidden /> Edit
              </Button>
            </>
          ) : (
            <>
              {analytics && i.send?.startedAt && (
                <Link to="/analytics" search={{ publicationId: '', sendId: i.id }} className={buttonClass('outline', 'sm')} aria-describedby={nameId}>
                  <BarChart3 aria-hidden /> Report
                </Link>
              )}
              {i.send?.webUrl && (
                <a href={i.send.webUrl} target="_blank" rel="noopener" className={buttonClass('outline', 'sm')} aria-describedby={nameId}>
                  <ExternalLink aria-hidden /> Web copy <span className="sr-only">(opens in a new tab)</span>
                </a>
              )}
              {(i.status === 'scheduled' || i.status === 'sending' || i.status === 'paused') && i.publicationId && (
                <Link to="/workflow" search={{ publicationId: i.publicationId }} className={buttonClass('outline', 'sm')} aria-describedby={nameId}>
                  <Send aria-hidden /> {i.status === 'scheduled' ? 'Manage' : 'Progress'}
                </Link>
              )}
            </>
          )}
          {savedId && (
            <>
              <Button size="sm" variant="outline" onClick={() => a.onDuplicate(savedId)} loading={a.duplicatingId === savedId} aria-describedby={nameId}>
                {a.duplicatingId !== savedId && <Copy aria-hidden />} Duplicate
              </Button>
              <ExportMenu resolveId={() => savedId} describedBy={nameId} onUpgrade={a.onUpgrade} />
            </>
          )}
          {i.kind === 'draft' && <DeleteButton onClick={() => a.onDelete(i)} describedBy={nameId} />}
        </div>
      </article>
    </li>
  );
}

/** Duplicating and deleting a saved newsletter: the mutations, and the confirmation before a delete. */
function useDraftActions() {
  const utils = trpc.useUtils();
  const [deleting, setDeleting] = useState<Issue | null>(null);
  const refresh = () => Promise.all([utils.issues.list.invalidate(), utils.drafts.list.invalidate()]);
  const duplicate = trpc.drafts.duplicate.useMutation({
    onSuccess: async (copy) => {
      toast({ title: 'Newsletter duplicated', description: `Saved as “${copy.title}”.`, variant: 'success' });
      await refresh();
    },
    onError: (err) => toast({ title: 'Duplicate failed', description: errorMessage(err, MSG.pleaseTryLater), variant: 'destructive' }),
  });
  const remove = trpc.drafts.delete.useMutation({
    onSuccess: async () => {
      const title = deleting?.title;
      setDeleting(null);
      toast({ title: 'Newsletter deleted', description: title ? `“${title}” was deleted.` : undefined });
      await refresh();
    },
    onError: (err) => toast({ title: 'Delete failed', description: errorMessage(err, MSG.pleaseTryLater), variant: 'destructive' }),
  });
  const confirm = (
    <ConfirmDialog
      open={deleting !== null}
      onOpenChange={(o) => !o && setDeleting(null)}
      title="Delete newsletter?"
      description={<>“{deleting?.title}” will be deleted. This cannot be undone.</>}
      confirmLabel="Delete newsletter"
      pending={remove.isPending}
      onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
    />
  );
  return {
    duplicate: (id: string) => duplicate.mutate({ id }),
    duplicatingId: duplicate.isPending ? (duplicate.variables?.id ?? null) : null,
    remove: setDeleting,
    confirm,
  };
}

function NoIssues({ filter }: { filter: (typeof FILTERS)[number] }) {
  if (filter.id !== 'all') return <EmptyState icon={Mail} title={`No ${filter.label.toLowerCase()} issues`} body={filter.empty} />;
  return (
    <EmptyState
      icon={Mail}
      title="No issues yet"
      body="Build an issue from a publication: in the last step, Save keeps it here as a draft, and once you send it, its readers, opens and clicks show here too."
    >
      <Link to="/publications" className={buttonClass('outline', 'sm')}>
        Go to Publications
      </Link>
    </EmptyState>
  );
}

export function NewslettersPage({ editId, onEdit }: { editId: string | null; onEdit: (id: string | null) => void }) {
  const [filter, setFilter] = useState<Filter>('all');
  const list = trpc.issues.list.useInfiniteQuery(issuesInput(filter), { getNextPageParam: (p) => p.nextCursor ?? undefined });
  const [previewId, setPreviewId] = useState<string | null>(null);
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const drafts = useDraftActions();

  const pages = list.data?.pages ?? [];
  const issues = pages.flatMap((p) => p.issues);
  const analytics = pages[0]?.analytics ?? false;
  const anySent = issues.some((i) => i.send?.startedAt);
  const current = FILTERS.find((f) => f.id === filter)!;
  const actions: RowActions = {
    onOpen: setPreviewId,
    onEdit: (id) => onEdit(id),
    onDuplicate: drafts.duplicate,
    duplicatingId: drafts.duplicatingId,
    onDelete: drafts.remove,
    onUpgrade: () => setUpgradeOpen(true),
  };

  return (
    <>
      <PageHeader
        title="Newsletters"
        description="Every issue in one place: drafts you saved, issues scheduled or on their way, and the ones you sent, with their readers, opens and clicks."
        actions={
          <Link to="/publications" className={buttonClass('primary')}>
            New newsletter
          </Link>
        }
      />
      <div role="group" aria-label="Show" className="mb-4 flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Button key={f.id} size="sm" variant={filter === f.id ? 'primary' : 'outline'} aria-pressed={filter === f.id} onClick={() => setFilter(f.id)}>
            {f.label}
          </Button>
        ))}
      </div>
      <Card className="@container">
        {list.isPending ? (
          <ListSkeleton />
        ) : list.isError ? (
          <ListError message={errorMessage(list.error, MSG.pageErrorBody)} onRetry={() => void list.refetch()} />
        ) : issues.length === 0 ? (
          <NoIssues filter={current} />
        ) : (
          <>
            <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" aria-label={filter === 'all' ? 'Issues' : `${current.label} issues`}>
              {issues.map((i) => (
                <IssueRow key={`${i.kind}:${i.id}`} i={i} analytics={analytics} a={actions} />
              ))}
            </ul>
            {list.hasNextPage && (
              <div className="border-t border-zinc-100 px-5 py-3 text-center dark:border-zinc-800">
                <Button size="sm" variant="outline" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
                  Show {ISSUES_PAGE} more
                </Button>
              </div>
            )}
          </>
        )}
      </Card>
      {!analytics && anySent && (
        <p className="mt-3 text-sm text-muted">
          Opens, clicks and each issue’s report come with Analytics on the Professional, Business and Enterprise plans.{' '}
          <Link to="/upgrade" className="font-medium text-indigo-700 underline underline-offset-2 dark:text-indigo-300">
            See plans
          </Link>
        </p>
      )}
      <UpgradeDialog open={upgradeOpen} onOpenChange={setUpgradeOpen} />
      <PreviewDialog id={previewId} onOpenChange={(o) => !o && setPreviewId(null)} />
      <EditDialog id={editId} onOpenChange={(o) => !o && onEdit(null)} />
      {drafts.confirm}
    </>
  );
}
