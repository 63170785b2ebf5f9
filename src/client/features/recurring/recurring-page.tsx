// A publication's recurring issue: the schedule form (when, channels, how many stories, the minimum of
// new ones, send or ask first), "Run now", the next run in the creator's zone, and the history of runs.
import { Link } from '@tanstack/react-router';
import { Play, Repeat } from 'lucide-react';
import { PageHeader } from '../../components/page-header';
import { ChoosePublication } from '../../components/choose-publication';
import { Button } from '../../components/ui/button';
import { Badge } from '../../components/ui/badge';
import { ListError, ListSkeleton } from '../../components/ui/list-states';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';
import { LOADED } from '../../lib/page-data';
import { RECURRING_MSG } from '../../../shared/schemas/recurring';
import { ScheduleForm } from './schedule-form';
import type { View } from './use-schedule-form';
import { inZone } from './zones';
import { Panel } from '../../components/panel';

type Run = View['runs'][number];

const STATUS_LABEL: Record<Run['status'], string> = {
  queued: 'Queued',
  running: 'Being prepared',
  skipped: 'Skipped',
  awaiting_approval: 'Awaiting approval',
  sent: 'Sent',
  failed: 'Failed',
  expired: 'Expired',
};

export function RecurringPage({ publicationId }: { publicationId: string }) {
  if (!publicationId)
    return <ChoosePublication title="Recurring issue" icon={Repeat} body="A recurring issue belongs to a publication. Open one from your publications." />;
  return <PublicationRecurring publicationId={publicationId} />;
}

function PublicationRecurring({ publicationId }: { publicationId: string }) {
  const view = trpc.recurring.get.useQuery(
    { publicationId },
    { ...LOADED, refetchInterval: (q) => (q.state.data?.runs.some((r) => r.status === 'queued' || r.status === 'running') ? 1500 : false) },
  );
  if (view.isPending) return <ListSkeleton />;
  if (view.isError) return <ListError message={errorMessage(view.error)} onRetry={() => void view.refetch()} />;
  const data = view.data;
  return (
    <>
      <PageHeader
        title="Recurring issue"
        description="Issues that build themselves: new stories from your channels, picked by the AI ranking, never repeating an earlier issue."
      />
      {!data.allowed && (
        <div
          role="note"
          className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {RECURRING_MSG.needsPlan}{' '}
          <Link to="/upgrade" className="font-medium underline">
            Upgrade your plan
          </Link>
        </div>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <ScheduleForm publicationId={publicationId} data={data} />
        <History publicationId={publicationId} data={data} />
      </div>
    </>
  );
}

function History({ publicationId, data }: { publicationId: string; data: View }) {
  const utils = trpc.useUtils();
  const run = trpc.recurring.runNow.useMutation({
    onSuccess: () => void utils.recurring.get.invalidate({ publicationId }),
    onError: (e) => toast({ title: 'Could not start a run', description: errorMessage(e), variant: 'destructive' }),
  });
  return (
    <Panel
      headingId="history-heading"
      title="History"
      className="content-start gap-3"
      action={
        <Button size="sm" onClick={() => run.mutate({ publicationId })} loading={run.isPending} disabled={!data.allowed || !data.schedule}>
          <Play aria-hidden /> Run now
        </Button>
      }
    >
      {data.runs.length === 0 ? (
        <p className="text-muted">No runs yet.</p>
      ) : (
        // A list, not a table: at any width each run's issue has the whole panel, nothing cut off or scrolled.
        <ol className="grid divide-y divide-zinc-100 dark:divide-zinc-800" aria-label="Runs">
          {data.runs.map((r) => (
            <li key={r.id} className="grid min-w-0 gap-1 py-2.5 first:pt-0" data-testid="recurring-run">
              <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                <span className="text-zinc-700 dark:text-zinc-300">{inZone(r.manual ? r.createdAt : r.period, data.schedule?.timeZone ?? 'UTC')}</span>
                <Badge>{STATUS_LABEL[r.status]}</Badge>
              </div>
              {r.subject && <div className="font-medium [overflow-wrap:anywhere] text-zinc-900 dark:text-zinc-100">{r.subject}</div>}
              {r.reason && <div className="[overflow-wrap:anywhere] text-muted">{r.reason}</div>}
              {r.stories > 0 && (
                <div className="text-muted">
                  {r.stories} stories{r.engine ? ` · ${r.engine}` : ''}
                </div>
              )}
              {r.findings !== null && (
                <div className="text-muted" data-testid="recurring-run-check">
                  Checked before sending: {r.findings === 0 ? 'nothing to fix' : `${r.findings} ${r.findings === 1 ? 'finding' : 'findings'}`}
                </div>
              )}
              <div className="flex flex-wrap gap-3">
                {r.newsletterId && (
                  <Link to="/newsletters" search={{ edit: r.newsletterId }} className="text-indigo-700 hover:underline dark:text-indigo-300">
                    Edit the issue
                  </Link>
                )}
                {r.sendId && (
                  <Link to="/subscribers" search={{ publicationId }} className="text-indigo-700 hover:underline dark:text-indigo-300">
                    Its send
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
