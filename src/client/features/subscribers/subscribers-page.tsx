// A publication's subscribers: counts per status, search and filter (status, tag), each reader's own
// choices beside their status (a pause, the weekly roll-up, plain text, topics), add one, import a CSV
// (checked first: the report of bad rows is shown before anything is written), export, tag or delete
// the selected, and below: segments, signup forms for other sites and the welcome mail. The table takes
// the page's whole width until the panels fit beside it (2xl), and scrolls in its frame, never under them.
import { ScrollRegion } from '../../components/ui';
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Download, Trash2, UserPlus, Users } from 'lucide-react';
import { PageHeader } from '../../components/page-header';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Button, buttonClass } from '../../components/ui/button';
import { Input, Select } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Badge } from '../../components/ui/badge';
import { EmptyState, ListError, ListSkeleton } from '../../components/ui/list-states';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { trpc, type RouterOutputs } from '../../trpc';
import { LOADED } from '../../lib/page-data';
import { TopicsPanel } from '../preferences';
import { SignupFormsPanel } from './signup-forms';
import { WelcomePanel } from './welcome-panel';
import { SegmentsPanel } from './segments-panel';
import { ImportPanel } from './import-panel';
import { SharePanel } from './share-panel';
import { TagSelection } from './tag-selection';

const STATUSES = ['pending', 'active', 'unsubscribed', 'bounced', 'complained'] as const;
type Status = (typeof STATUSES)[number];
const TONE: Record<Status, 'neutral' | 'success' | 'warning' | 'danger'> = {
  pending: 'warning',
  active: 'success',
  unsubscribed: 'neutral',
  bounced: 'danger',
  complained: 'danger',
};

type Reader = RouterOutputs['subscribers']['list']['subscribers'][number];

/** What the reader chose in the preference centre; nothing for one who kept the defaults. */
function ReaderChoices({ reader }: { reader: Reader }) {
  const choices = [
    reader.pausedUntil ? `Paused until ${formatDate(reader.pausedUntil)}` : null,
    reader.frequency === 'weekly' ? 'Weekly roll-up' : null,
    reader.format === 'text' ? 'Text only' : null,
    reader.topics.length > 0 ? `Topics: ${reader.topics.join(', ')}` : null,
  ].filter((c) => c !== null);
  if (choices.length === 0) return null;
  return (
    <ul className="mt-1 grid max-w-56 gap-0.5 text-xs text-muted" aria-label={`Choices of ${reader.email}`}>
      {choices.map((c) => (
        <li key={c} className="break-words">
          {c}
        </li>
      ))}
    </ul>
  );
}

export function SubscribersPage({ publicationId }: { publicationId: string }) {
  if (!publicationId)
    return (
      <>
        <PageHeader title="Subscribers" />
        <EmptyState icon={Users} title="Choose a publication" body="Subscribers belong to a publication. Open one from your publications to see its readers.">
          <Link to="/publications" className={buttonClass('primary')}>
            Go to publications
          </Link>
        </EmptyState>
      </>
    );
  return <PublicationSubscribers publicationId={publicationId} />;
}

function PublicationSubscribers({ publicationId }: { publicationId: string }) {
  const utils = trpc.useUtils();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<Status | ''>('');
  const [tag, setTag] = useState('');
  const tags = trpc.segments.listTags.useQuery({ publicationId }, LOADED);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirm, setConfirm] = useState(false);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const list = trpc.subscribers.list.useQuery(
    { publicationId, search: search || undefined, status: status || undefined, tag: tag || undefined, page },
    { ...LOADED, placeholderData: (p) => p },
  );
  const refresh = () => {
    void utils.subscribers.list.invalidate();
    void utils.sends.audience.invalidate();
    void utils.segments.invalidate();
  };
  const add = trpc.subscribers.add.useMutation({
    onSuccess: (s) => {
      toast({ title: `${s.email} added` });
      setEmail('');
      setName('');
      refresh();
    },
    onError: (err) => toast({ title: 'Could not add the subscriber', description: errorMessage(err), variant: 'destructive' }),
  });
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
  const pages = data ? Math.max(1, Math.ceil(data.matching / data.pageSize)) : 1;
  return (
    <>
      <PageHeader
        title={data ? `Subscribers of ${data.publication.name}` : 'Subscribers'}
        description={
          data
            ? `${data.counts.active.toLocaleString()} active of ${data.total.toLocaleString()}${data.limit === null ? '' : ` · your plan keeps up to ${data.limit.toLocaleString()} per publication`}`
            : undefined
        }
        actions={
          <a href={`/api/subscribers/export?publicationId=${encodeURIComponent(publicationId)}`} className={buttonClass('outline')} download>
            <Download aria-hidden /> Export CSV
          </a>
        }
      />
      {list.isError && !data ? (
        <ListError message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : (
        <div className="grid gap-6 2xl:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="grid min-w-0 content-start gap-4">
            {data && (
              <div className="flex flex-wrap gap-2" aria-label="Subscribers by status">
                {STATUSES.map((s) => (
                  <Badge key={s} tone={TONE[s]}>
                    {s} {data.counts[s].toLocaleString()}
                  </Badge>
                ))}
              </div>
            )}
            <div className="flex flex-wrap gap-2">
              <Input
                aria-label="Search subscribers"
                placeholder="Search by e-mail or name"
                value={search}
                onChange={(e) => {
                  setSearch(e.target.value);
                  setPage(1);
                }}
                className="max-w-xs"
              />
              <Select
                aria-label="Filter by status"
                value={status}
                onChange={(e) => {
                  setStatus(e.target.value as Status | '');
                  setPage(1);
                }}
                className="w-44"
              >
                <option value="">All statuses</option>
                {STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </Select>
              {(tags.data?.length ?? 0) > 0 && (
                <Select
                  aria-label="Filter by tag"
                  value={tag}
                  onChange={(e) => {
                    setTag(e.target.value);
                    setPage(1);
                  }}
                  className="w-44"
                >
                  <option value="">All tags</option>
                  {tags.data!.map((t) => (
                    <option key={t.tag} value={t.tag}>
                      {t.tag} ({t.readers.toLocaleString()})
                    </option>
                  ))}
                </Select>
              )}
              <Button variant="outline" className="ml-auto" disabled={selected.size === 0} onClick={() => setConfirm(true)}>
                <Trash2 aria-hidden /> Delete selected
              </Button>
            </div>
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
              <ScrollRegion label="Subscribers" className="rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
                <table className="w-full text-left text-sm">
                  <thead className="border-b border-zinc-200 text-xs text-muted dark:border-zinc-800">
                    <tr>
                      <th className="w-8 p-3">
                        <span className="sr-only">Select</span>
                      </th>
                      <th className="p-3">E-mail</th>
                      <th className="p-3">Name</th>
                      <th className="p-3">Status</th>
                      <th className="p-3">Tags</th>
                      <th className="p-3">Source</th>
                      <th className="p-3">Added</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
                    {data.subscribers.map((s) => (
                      <tr key={s.id}>
                        <td className="p-3">
                          <input
                            type="checkbox"
                            aria-label={`Select ${s.email}`}
                            checked={selected.has(s.id)}
                            onChange={(e) => {
                              const next = new Set(selected);
                              if (e.target.checked) next.add(s.id);
                              else next.delete(s.id);
                              setSelected(next);
                            }}
                          />
                        </td>
                        <td className="min-w-40 p-3 font-medium [overflow-wrap:anywhere] text-zinc-900 dark:text-zinc-100">
                          <Link
                            to="/subscribers/$subscriberId"
                            params={{ subscriberId: s.id }}
                            search={{ publicationId }}
                            className="hover:underline"
                            title="Open this reader's history"
                          >
                            {s.email}
                          </Link>
                        </td>
                        <td className="p-3 text-muted">{s.name}</td>
                        <td className="p-3">
                          <Badge tone={TONE[s.status]}>{s.status}</Badge>
                          <ReaderChoices reader={s} />
                        </td>
                        <td className="p-3">
                          {s.tags.length > 0 && (
                            <ul className="flex max-w-56 flex-wrap gap-1" aria-label={`Tags of ${s.email}`}>
                              {s.tags.slice(0, 4).map((t) => (
                                <li
                                  key={t}
                                  className="max-w-full truncate rounded-full bg-zinc-100 px-2 py-0.5 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
                                >
                                  {t}
                                </li>
                              ))}
                              {s.tags.length > 4 && <li className="text-xs text-muted">+{s.tags.length - 4}</li>}
                            </ul>
                          )}
                        </td>
                        <td className="p-3 text-muted">{s.source}</td>
                        <td className="p-3 whitespace-nowrap text-muted">{formatDate(s.createdAt)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
            )}
            {data && pages > 1 && (
              <div className="flex items-center justify-between text-sm">
                <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  Previous
                </Button>
                <span>
                  Page {page} of {pages}
                </span>
                <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                  Next
                </Button>
              </div>
            )}
          </div>
          <aside className="grid content-start gap-4 lg:grid-cols-2 2xl:grid-cols-1" aria-label="Add readers">
            <form
              className="grid gap-2 rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
              onSubmit={(e) => {
                e.preventDefault();
                add.mutate({ publicationId, email, name });
              }}
            >
              <Label htmlFor="sub-email">Add a subscriber</Label>
              <Input id="sub-email" type="email" required placeholder="reader@example.com" value={email} onChange={(e) => setEmail(e.target.value)} />
              <Input aria-label="Name (optional)" placeholder="Name (optional)" value={name} onChange={(e) => setName(e.target.value)} />
              <Button type="submit" loading={add.isPending}>
                <UserPlus aria-hidden /> Add
              </Button>
            </form>
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
