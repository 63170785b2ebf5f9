// /admin (staff): accounts and sign-ups of the last 14 days, accounts per plan, publications and
// subscribers, sends of the last 30 days, the delivery queue, and the latest changes staff made.
import { Link } from '@tanstack/react-router';
import { Inbox, Newspaper, Send, Users } from 'lucide-react';
import { PageHeader } from '../../components/page-header';
import { Card } from '../../components/ui/card';
import { Stat } from '../../components/ui/stat';
import { ListError, ListSkeleton } from '../../components/ui/list-states';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { trpc } from '../../trpc';
import { PLAN_LABELS, PLAN_TYPES } from '../../../shared/plans';
import { LOADED } from '../../lib/page-data';

const sum = (o: Record<string, number>) => Object.values(o).reduce((n, v) => n + v, 0);

export function OverviewPage() {
  const q = trpc.admin.overview.useQuery(undefined, { ...LOADED, refetchInterval: 60_000 });
  const d = q.data;
  return (
    <div>
      <PageHeader title="Admin" description="How the product is doing today, from the database as it is." />
      <Link to="/admin/onboarding-emails" className="mb-4 mr-4 inline-block text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400">
        Onboarding e-mails
      </Link>
      <Link to="/admin/newsletters/new" className="mb-4 mr-4 inline-block text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400">
        Product newsletter
      </Link>
      <Link to="/admin/blog-content" className="mb-4 mr-4 inline-block text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400">
        Blog posts
      </Link>
      {q.isError ? (
        <ListError message={errorMessage(q.error)} onRetry={() => void q.refetch()} />
      ) : !d ? (
        <ListSkeleton rows={4} />
      ) : (
        <div className="grid gap-6">
          <section aria-label="Totals" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Stat icon={Users} label="Accounts" value={d.users.toLocaleString('en-US')} note={`${d.signups.reduce((n, s) => n + s.count, 0)} new in 14 days`} />
            <Stat icon={Newspaper} label="Publications" value={d.publications.toLocaleString('en-US')} />
            <Stat icon={Inbox} label="Subscribers" value={d.subscribers.toLocaleString('en-US')} />
            <Stat
              icon={Send}
              label="Sends (30 days)"
              value={sum(d.sends).toLocaleString('en-US')}
              note={`${d.sends.sent ?? 0} sent · ${d.sends.failed ?? 0} failed`}
            />
          </section>
          <div className="grid gap-6 lg:grid-cols-2">
            <Card className="p-4">
              <h2 className="text-sm font-semibold text-zinc-900 dark:text-white">Sign-ups, last 14 days</h2>
              <SignupBars days={d.signups} />
            </Card>
            <Card className="p-4">
              <h2 className="text-sm font-semibold text-zinc-900 dark:text-white">Accounts by plan</h2>
              <dl className="mt-3 grid gap-2 text-sm">
                {PLAN_TYPES.map((p) => (
                  <div key={p} className="flex items-center gap-3">
                    <dt className="w-24 text-muted">{PLAN_LABELS[p]}</dt>
                    <dd className="flex flex-1 items-center gap-2">
                      <span
                        className="h-2 rounded-full bg-indigo-500"
                        style={{ width: `${d.users ? Math.max(2, (d.plans[p] / d.users) * 100) : 0}%` }}
                        aria-hidden
                      />
                      <span className="tabular-nums text-zinc-900 dark:text-white">{d.plans[p]}</span>
                    </dd>
                  </div>
                ))}
              </dl>
            </Card>
            <Card className="p-4">
              <h2 className="text-sm font-semibold text-zinc-900 dark:text-white">Delivery queue</h2>
              <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
                {['queued', 'running', 'done', 'failed'].map((s) => (
                  <div key={s} className="rounded-lg border border-zinc-200 px-3 py-2 dark:border-zinc-800">
                    <dt className="text-xs capitalize text-muted">{s}</dt>
                    <dd className="font-semibold tabular-nums text-zinc-900 dark:text-white">{d.queue[s] ?? 0}</dd>
                  </div>
                ))}
              </dl>
            </Card>
            <Card className="p-4">
              <div className="flex items-center justify-between">
                <h2 className="text-sm font-semibold text-zinc-900 dark:text-white">Recent changes</h2>
                <Link to="/admin/security" className="text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                  Audit log
                </Link>
              </div>
              {d.recentAudit.length === 0 ? (
                <p className="mt-3 text-sm text-muted">No staff changes yet.</p>
              ) : (
                <ul className="mt-3 grid gap-2 text-sm">
                  {d.recentAudit.map((a) => (
                    <li key={a.id} className="min-w-0">
                      <span className="font-medium text-zinc-900 dark:text-white">{a.action}</span> <span className="text-muted">{a.target ?? ''}</span>
                      <span className="block truncate text-xs text-muted">
                        by {a.actor} · {formatDateTime(a.at)}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </div>
        </div>
      )}
    </div>
  );
}

function SignupBars({ days }: { days: { day: string; count: number }[] }) {
  const max = Math.max(1, ...days.map((d) => d.count));
  return (
    <div>
      <ol aria-label="Sign-ups per day" className="mt-4 flex h-32 items-end gap-1">
        {days.map((d) => (
          <li key={d.day} className="flex h-full flex-1 flex-col justify-end" title={`${d.day}: ${d.count}`}>
            <span className="sr-only">
              {d.day}: {d.count}
            </span>
            <span
              className="block rounded-t bg-indigo-500 dark:bg-indigo-400"
              style={{ height: `${(d.count / max) * 100}%`, minHeight: d.count ? 4 : 1 }}
              aria-hidden
            />
          </li>
        ))}
      </ol>
      <div className="mt-1 flex justify-between text-xs text-muted">
        <span>{days[0]?.day}</span>
        <span>{days.at(-1)?.day}</span>
      </div>
    </div>
  );
}
