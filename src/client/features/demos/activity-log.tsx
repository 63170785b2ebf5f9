// The live log of the last 10 demo events (GET /api/demo/events, polled every 3 s).
import { Activity } from 'lucide-react';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/errors';
import { EVENT_LABELS, useDemoEvents } from './demo-api';

const time = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

export function ActivityLog() {
  const q = useDemoEvents();
  return (
    <section aria-labelledby="activity-log-title" className="rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900/60">
      <div className="flex items-center justify-between gap-3 border-b border-zinc-100 px-4 py-3 dark:border-zinc-800">
        <h2 id="activity-log-title" className="flex items-center gap-2 text-sm font-semibold text-zinc-900 dark:text-white">
          <Activity className="size-4 text-indigo-600 dark:text-indigo-400" aria-hidden />
          Live activity log
        </h2>
        <span className="text-xs text-muted">Last 10 events, every 3 s</span>
      </div>
      {q.isPending ? (
        <div className="flex justify-center p-6">
          <Spinner />
        </div>
      ) : q.isError ? (
        <p role="alert" className="p-4 text-sm text-red-600 dark:text-red-400">
          {errorMessage(q.error)}
        </p>
      ) : q.data.length === 0 ? (
        <p className="p-4 text-sm text-muted">No activity yet.</p>
      ) : (
        <ol aria-label="Recent demo events" className="divide-y divide-zinc-100 text-sm dark:divide-zinc-800">
          {q.data.map((e) => (
            <li key={e.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 px-4 py-2">
              <span className="font-medium text-zinc-800 dark:text-zinc-200">
                {EVENT_LABELS[e.kind]}
                {e.fields?.length ? <span className="font-normal text-muted"> ({e.fields.join(', ')})</span> : null}
              </span>
              <span className="text-xs text-muted tabular-nums">
                /{e.page} · {time(e.at)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
