// One reader of a publication: who they are (status, how they joined, tags, preferences) and their
// history as one timeline, newest first, in pages: what happened to them, the issues sent to them,
// their opens (human-likely or by a machine), clicks and bounces. Every text from the reader or a
// provider is shown as text.
import { Link } from '@tanstack/react-router';
import { ArrowLeft, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageHeader } from '../../components/page-header';
import { ChoosePublication } from '../../components/choose-publication';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ListError, ListSkeleton } from '../../components/ui/list-states';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatDateTime } from '../../lib/format';
import { LOADED } from '../../lib/page-data';
import { trpc, type RouterOutputs } from '../../trpc';
import { eventText, itemTone, TONE_BY_STATUS } from './timeline-text';

type Reader = RouterOutputs['readers']['get'];
type Item = RouterOutputs['readers']['history']['items'][number];

const FORMAT: Record<string, string> = { html: 'HTML', text: 'Plain text' };
const FREQUENCY: Record<string, string> = { every: 'Every issue', weekly: 'A weekly roll-up' };
const SOURCE: Record<string, string> = {
  signup: 'Signup page',
  form: 'Signup form',
  import: 'CSV import',
  manual: 'Added by you',
  api: 'API',
};

export function ReaderPage({ publicationId, subscriberId }: { publicationId: string; subscriberId: string }) {
  const reader = trpc.readers.get.useQuery({ publicationId, subscriberId }, { ...LOADED, enabled: !!publicationId });
  const back = (
    <Link to="/subscribers" search={{ publicationId }} className={buttonClass('outline')}>
      <ArrowLeft aria-hidden /> All subscribers
    </Link>
  );
  if (!publicationId) return <ChoosePublication title="Reader" icon={Users} body="Readers belong to a publication. Open its subscribers to see one of them." />;
  const r = reader.data;
  return (
    <>
      <PageHeader title={r ? r.email : 'Reader'} description={r ? `${r.name ? `${r.name} · ` : ''}${r.publication.name}` : undefined} actions={back} />
      {reader.error ? (
        <ListError message={errorMessage(reader.error)} onRetry={() => void reader.refetch()} />
      ) : !r ? (
        <Card>
          <ListSkeleton rows={4} />
        </Card>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
          <Profile reader={r} />
          <Timeline publicationId={publicationId} subscriberId={subscriberId} />
        </div>
      )}
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium text-muted">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-zinc-900 dark:text-zinc-100">{children}</dd>
    </div>
  );
}

function Profile({ reader: r }: { reader: Reader }) {
  return (
    <Card className="content-start p-4 sm:p-5">
      <h2 className="text-base font-semibold text-zinc-900 dark:text-white">About this reader</h2>
      <dl className="mt-4 grid gap-3">
        <Row label="Status">
          <Badge tone={TONE_BY_STATUS[r.status] ?? 'neutral'}>{r.status}</Badge>
        </Row>
        <Row label="Joined">
          {formatDate(r.createdAt)} · {SOURCE[r.source] ?? r.source}
          {r.sourceDetail && <span className="block text-muted">{r.sourceDetail}</span>}
        </Row>
        {r.confirmedAt && <Row label="Confirmed">{formatDate(r.confirmedAt)}</Row>}
        {r.unsubscribedAt && <Row label="Left">{formatDate(r.unsubscribedAt)}</Row>}
        <Row label="Tags">
          {r.tags.length === 0 ? (
            <span className="text-muted">No tags</span>
          ) : (
            <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
              {r.tags.map((t) => (
                <li key={t.tag}>
                  <Badge>{t.tag}</Badge>
                </li>
              ))}
            </ul>
          )}
        </Row>
        <Row label="Format">{FORMAT[r.format] ?? r.format}</Row>
        <Row label="How often">{FREQUENCY[r.frequency] ?? r.frequency}</Row>
        <Row label="Paused">{r.pausedUntil ? `Until ${formatDate(r.pausedUntil)}` : 'Not paused'}</Row>
      </dl>
    </Card>
  );
}

function Timeline({ publicationId, subscriberId }: { publicationId: string; subscriberId: string }) {
  const history = trpc.readers.history.useInfiniteQuery({ publicationId, subscriberId }, { getNextPageParam: (p) => p.nextCursor ?? undefined });
  const items = history.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Card className="min-w-0 p-4 sm:p-5">
      <h2 className="text-base font-semibold text-zinc-900 dark:text-white">History</h2>
      <p className="mt-1 text-xs text-muted">
        Newest first. Opens marked “machine” came from a mail app or scanner loading the images by itself, not likely the reader.
      </p>
      {history.error ? (
        <ListError message={errorMessage(history.error)} onRetry={() => void history.refetch()} />
      ) : !history.data ? (
        <ListSkeleton rows={5} />
      ) : items.length === 0 ? (
        <p className="mt-4 text-sm text-muted">Nothing yet.</p>
      ) : (
        <>
          <ol className="mt-4 divide-y divide-zinc-100 dark:divide-zinc-800" aria-label="History, newest first" data-testid="reader-timeline">
            {items.map((i) => (
              <TimelineRow key={i.key} item={i} />
            ))}
          </ol>
          {history.hasNextPage && (
            <Button variant="outline" className="mt-3" loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
              Show older
            </Button>
          )}
        </>
      )}
    </Card>
  );
}

function TimelineRow({ item }: { item: Item }) {
  const { title, detail, badge } = eventText(item);
  return (
    <li className="grid gap-0.5 py-2.5 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-3">
      <time dateTime={item.at} className="text-xs text-muted tabular-nums sm:pt-0.5">
        {formatDateTime(item.at)}
      </time>
      <div className="min-w-0 text-sm">
        <p className="break-words text-zinc-900 dark:text-zinc-100">
          {title}
          {badge && (
            <Badge tone={itemTone(item)} className="ml-2 align-middle">
              {badge}
            </Badge>
          )}
        </p>
        {detail && <p className="text-xs break-all text-muted">{detail}</p>}
      </div>
    </li>
  );
}
