// A publication's subscribers: counts per status, search and filter (status, tag), each reader's own
// choices beside their status (a pause, the weekly roll-up, plain text, topics), add one, import a CSV
// (checked first: the report of bad rows is shown before anything is written), export, tag or delete
// the selected, and below: segments, signup forms for other sites and the welcome mail. The table takes
// the page's whole width until the panels fit beside it (2xl), and scrolls in its frame, never under them.
import { useState } from 'react';
import { Download, Trash2, Users } from 'lucide-react';
import { PageHeader } from '../../components/page-header';
import { ChoosePublication } from '../../components/choose-publication';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Button, buttonClass } from '../../components/ui/button';
import { Badge } from '../../components/ui/badge';
import { EmptyState, ListError, ListSkeleton } from '../../components/ui/list-states';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { trpc, type RouterOutputs } from '../../trpc';
import { LOADED } from '../../lib/page-data';
import { TopicsPanel } from '../preferences';
import { SignupFormsPanel } from './signup-forms';
import { WelcomePanel } from './welcome-panel';
import { SegmentsPanel } from './segments-panel';
import { ImportPanel } from './import-panel';
import { SharePanel } from './share-panel';
import { TagSelection } from './tag-selection';
import { AddSubscriber } from './add-subscriber';
import { Pager, SubscriberFilters, useSubscriberList } from './subscriber-list';
import { STATUSES, SubscribersTable, TONE } from './subscribers-table';

type ListView = RouterOutputs['subscribers']['list'];

export function SubscribersPage({ publicationId }: { publicationId: string }) {
  if (!publicationId)
    return (
      <ChoosePublication title="Subscribers" icon={Users} body="Subscribers belong to a publication. Open one from your publications to see its readers." />
    );
  return <PublicationSubscribers publicationId={publicationId} />;
}

function header(publicationId: string, data: ListView | undefined) {
  return {
    title: data ? `Subscribers of ${data.publication.name}` : 'Subscribers',
    description: data
      ? `${data.counts.active.toLocaleString()} active of ${data.total.toLocaleString()}${data.limit === null ? '' : ` · your plan keeps up to ${data.limit.toLocaleString()} per publication`}`
      : undefined,
    actions: (
      <a href={`/api/subscribers/export?publicationId=${encodeURIComponent(publicationId)}`} className={buttonClass('outline')} download>
        <Download aria-hidden /> Export CSV
      </a>
    ),
  };
}

function StatusCounts({ counts }: { counts: ListView['counts'] }) {
  return (
    <div className="flex flex-wrap gap-2" aria-label="Subscribers by status">
      {STATUSES.map((s) => (
        <Badge key={s} tone={TONE[s]}>
          {s} {counts[s].toLocaleString()}
        </Badge>
      ))}
    </div>
  );
}

function PublicationSubscribers({ publicationId }: { publicationId: string }) {
  const utils = trpc.useUtils();
  const tags = trpc.segments.listTags.useQuery({ publicationId }, LOADED);
  const { list, filters, filter, page, pages, setPage } = useSubscriberList(publicationId);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirm, setConfirm] = useState(false);
  const refresh = () => {
    void utils.subscribers.list.invalidate();
    void utils.sends.audience.invalidate();
    void utils.segments.invalidate();
  };
  const remove = trpc.subscribers.remove.useMutation({
    onSuccess: (r) => {
      toast({ title: `${r.removed} removed` });
      setSelected(new Set());
      setConfirm(false);
      refresh();
    },
    onError: (err) => toast({ title: 'Could not remove', description: errorMessage(err), variant: 'destructive' }),
  });

  const data = list.data;
  const deleteSelected = (
    <Button variant="outline" className="ml-auto" disabled={selected.size === 0} onClick={() => setConfirm(true)}>
      <Trash2 aria-hidden /> Delete selected
    </Button>
  );
  return (
    <>
      <PageHeader {...header(publicationId, data)} />
      {list.isError && !data ? (
        <ListError message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : (
        <div className="grid gap-6 2xl:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="grid min-w-0 content-start gap-4">
            {data && <StatusCounts counts={data.counts} />}
            <SubscriberFilters filters={filters} onFilter={filter} tags={tags.data} actions={deleteSelected} />
            <datalist id="subscriber-tags">
              {(tags.data ?? []).map((t) => (
                <option key={t.tag} value={t.tag} />
              ))}
            </datalist>
            {selected.size > 0 && <TagSelection publicationId={publicationId} ids={[...selected]} onDone={refresh} />}
            {!data ? (
              <ListSkeleton />
            ) : data.subscribers.length === 0 ? (
              <EmptyState
                icon={Users}
                title={data.total === 0 ? 'No subscribers yet' : 'No subscribers match'}
                body={data.total === 0 ? 'Add readers one by one, import a CSV file, or share your signup page.' : 'Try another search or status.'}
              />
            ) : (
              <SubscribersTable publicationId={publicationId} readers={data.subscribers} selected={selected} onSelected={setSelected} />
            )}
            {data && pages > 1 && <Pager page={page} pages={pages} onPage={setPage} />}
          </div>
          <aside className="grid content-start gap-4 lg:grid-cols-2 2xl:grid-cols-1" aria-label="Add readers">
            <AddSubscriber publicationId={publicationId} onDone={refresh} />
            <ImportPanel publicationId={publicationId} onDone={refresh} />
            <SharePanel publicationId={publicationId} />
            <TopicsPanel publicationId={publicationId} />
          </aside>
        </div>
      )}
      <div className="mt-6 grid gap-6">
        <SegmentsPanel publicationId={publicationId} />
        <SignupFormsPanel publicationId={publicationId} />
        <WelcomePanel publicationId={publicationId} />
      </div>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={`Delete ${selected.size} ${selected.size === 1 ? 'subscriber' : 'subscribers'}?`}
        description="They are removed from this publication. Readers who unsubscribed are better kept, so they are never mailed again by mistake."
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() => remove.mutate({ publicationId, ids: [...selected] })}
      />
    </>
  );
}
