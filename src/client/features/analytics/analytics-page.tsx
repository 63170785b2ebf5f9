// /analytics (plans with analytics): per issue sent, opens (total, unique, human-likely), clicks
// (unique, per link), unsubscribes, bounces and complaints; the trend over the last issues (chart and
// the same numbers as a table); a CSV export; and the figures platforms report for campaigns
// published there, labelled by source. Plans without analytics see the upgrade notice.
import { Link, useNavigate } from '@tanstack/react-router';
import type { inferRouterOutputs } from '@trpc/server';
import { BarChart3, Download } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { AppRouter } from '../../../server/trpc/root';
import { PageHeader } from '../../components/page-header';
import { UpgradeNotice } from '../../components/upgrade-notice';
import { Badge } from '../../components/ui/badge';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Select } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { EmptyState, ListError, ListSkeleton } from '../../components/ui/list-states';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatDateTime } from '../../lib/format';
import { trpc } from '../../trpc';
import { exportHref, formatCount, formatRate } from './format';

const TrendChart = lazy(() => import('./trend-chart').then((m) => ({ default: m.TrendChart })));

type Overview = inferRouterOutputs<AppRouter>['analytics']['overview'];
type Issue = Overview['issues'][number];

const th = 'px-3 py-2 text-left text-xs font-medium whitespace-nowrap text-zinc-500 dark:text-zinc-400';
const td = 'px-3 py-2 tabular-nums whitespace-nowrap text-zinc-800 dark:text-zinc-200';

function Figure({ label, value, note, testId }: { label: string; value: string; note?: string; testId: string }) {
  return (
    <Card className="p-4 sm:p-5" role="group" aria-label={label}>
      <p className="text-sm font-medium text-zinc-600 dark:text-zinc-400">{label}</p>
      <p className="mt-1.5 text-2xl font-semibold tracking-tight text-zinc-900 tabular-nums dark:text-white" data-testid={testId}>
        {value}
      </p>
      {note && <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{note}</p>}
    </Card>
  );
}

function Summary({ totals }: { totals: Overview['totals'] }) {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Figure
        label="Recipients"
        value={formatCount(totals.recipients)}
        note={`${totals.issues} ${totals.issues === 1 ? 'issue' : 'issues'}, ${formatCount(totals.delivered)} delivered`}
        testId="total-recipients"
      />
      <Figure label="Open rate" value={formatRate(totals.openRate)} note={`Human-likely ${formatRate(totals.humanOpenRate)}`} testId="total-open-rate" />
      <Figure label="Click rate" value={formatRate(totals.clickRate)} note={`Click-to-open ${formatRate(totals.clickToOpen)}`} testId="total-click-rate" />
      <Figure
        label="Unsubscribes"
        value={formatCount(totals.unsubscribes)}
        note={`${formatCount(totals.bounces)} bounces, ${formatCount(totals.complaints)} complaints`}
        testId="total-unsubscribes"
      />
    </div>
  );
}

function TrendSection({ overview }: { overview: Overview }) {
  return (
    <Card className="mt-6 p-4 sm:p-5">
      <h2 className="text-base font-semibold text-zinc-900 dark:text-white">
        Trend over the last {overview.trend.length === 1 ? 'issue' : `${overview.trend.length} issues`}
      </h2>
      <div className="mt-4 grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_auto]">
        <Suspense fallback={<div className="h-[240px] animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-800/60" />}>
          <TrendChart points={overview.trend} />
        </Suspense>
        <div className="relative min-w-0 overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Open and click rates per issue, oldest first</caption>
            <thead>
              <tr className="border-b border-zinc-200 dark:border-zinc-800">
                <th scope="col" className={th}>
                  #
                </th>
                <th scope="col" className={th}>
                  Sent
                </th>
                <th scope="col" className={th}>
                  Open rate
                </th>
                <th scope="col" className={th}>
                  Human-likely
                </th>
                <th scope="col" className={th}>
                  Click rate
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {overview.trend.map((t, i) => (
                <tr key={t.sendId}>
                  <th scope="row" className={`${td} text-left font-normal`} title={t.subject}>
                    #{i + 1}
                    <span className="sr-only"> {t.subject}</span>
                  </th>
                  <td className={td}>{formatDate(t.sentAt)}</td>
                  <td className={td}>{formatRate(t.openRate)}</td>
                  <td className={td}>{formatRate(t.humanOpenRate)}</td>
                  <td className={td}>{formatRate(t.clickRate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </Card>
  );
}

function IssuesTable({ issues, selected, onSelect }: { issues: Issue[]; selected: string; onSelect: (id: string) => void }) {
  return (
    <Card className="mt-6 overflow-hidden">
      <h2 className="px-4 pt-4 text-base font-semibold text-zinc-900 sm:px-5 dark:text-white">Issues</h2>
      <div className="relative mt-2 overflow-x-auto">
        <table className="w-full text-sm" data-testid="issues-table">
          <caption className="sr-only">Figures per issue sent, newest first</caption>
          <thead>
            <tr className="border-b border-zinc-200 dark:border-zinc-800">
              {[
                'Issue',
                'Sent',
                'Recipients',
                'Delivered',
                'Opens',
                'Unique opens',
                'Human-likely opens',
                'Clicks',
                'Unique clicks',
                'Unsubscribes',
                'Bounces',
                'Complaints',
              ].map((h) => (
                <th key={h} scope="col" className="px-3 py-2 text-left align-bottom text-xs font-medium text-zinc-500 dark:text-zinc-400">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {issues.map((i) => (
              <tr key={i.sendId} className={i.sendId === selected ? 'bg-indigo-50/60 dark:bg-indigo-500/10' : undefined}>
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  <button
                    type="button"
                    className="block max-w-[10rem] truncate text-left font-medium sm:max-w-[14rem] text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
                    aria-pressed={i.sendId === selected}
                    title={i.subject}
                    onClick={() => onSelect(i.sendId)}
                  >
                    {i.subject}
                  </button>
                  <span className="block text-xs text-zinc-500 dark:text-zinc-400">{i.publicationName}</span>
                </th>
                <td className={td} title={formatDateTime(i.sentAt)}>
                  {formatDate(i.sentAt)}
                </td>
                <td className={td}>{formatCount(i.recipients)}</td>
                <td className={td}>
                  {formatCount(i.delivered)}
                  {i.deliveredSource === 'estimate' && <span className="sr-only"> (estimated: sent minus bounces)</span>}
                  {i.deliveredSource === 'estimate' && (
                    <span aria-hidden className="text-zinc-400" title="Sent minus bounces: the provider does not report deliveries">
                      *
                    </span>
                  )}
                </td>
                <td className={td}>{i.trackOpens ? formatCount(i.opens) : '—'}</td>
                <td className={td}>{i.trackOpens ? formatCount(i.uniqueOpens) : '—'}</td>
                <td className={td}>{i.trackOpens ? formatCount(i.humanOpens) : '—'}</td>
                <td className={td}>{i.trackClicks ? formatCount(i.clicks) : '—'}</td>
                <td className={td}>{i.trackClicks ? formatCount(i.uniqueClicks) : '—'}</td>
                <td className={td}>{formatCount(i.unsubscribes)}</td>
                <td className={td}>{formatCount(i.bounces)}</td>
                <td className={td}>{formatCount(i.complaints)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="px-4 py-3 text-xs text-zinc-500 sm:px-5 dark:text-zinc-400">
        Human-likely opens leave out Apple Mail Privacy Protection and other automatic image fetches. * Delivered is sent minus bounces when the mail provider
        does not report deliveries. — means tracking was off for that issue.
      </p>
    </Card>
  );
}

function IssueDetail({ sendId }: { sendId: string }) {
  const q = trpc.analytics.issue.useQuery({ sendId });
  if (q.error) return <ListError message={errorMessage(q.error)} onRetry={() => void q.refetch()} />;
  const d = q.data;
  return (
    <Card className="mt-6 p-4 sm:p-5" aria-labelledby="issue-detail-title">
      <h2 id="issue-detail-title" className="text-base font-semibold text-zinc-900 dark:text-white">
        {d ? d.subject : 'Issue'}
      </h2>
      {!d ? (
        <ListSkeleton rows={2} />
      ) : (
        <>
          <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            {[
              ['Open rate', formatRate(d.openRate)],
              ['Human-likely open rate', formatRate(d.humanOpenRate)],
              ['Click rate', formatRate(d.clickRate)],
              ['Click-to-open', formatRate(d.clickToOpen)],
            ].map(([k, v]) => (
              <div key={k}>
                <dt className="text-xs text-zinc-500 dark:text-zinc-400">{k}</dt>
                <dd className="font-semibold tabular-nums text-zinc-900 dark:text-zinc-100">{v}</dd>
              </div>
            ))}
          </dl>
          {d.machineClicks > 0 && (
            <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">
              {formatCount(d.machineClicks)} {d.machineClicks === 1 ? 'click' : 'clicks'} by link scanners not counted.
            </p>
          )}
          <h3 className="mt-5 text-sm font-semibold text-zinc-900 dark:text-white">Clicks per link</h3>
          {!d.trackClicks ? (
            <p className="mt-2 text-sm text-zinc-500 dark:text-zinc-400">Click tracking was off when this issue was sent.</p>
          ) : d.links.length === 0 ? (
            <p className="mt-2 text-sm text-zinc-500 dark:text-zinc-400">This issue had no links to track.</p>
          ) : (
            <div className="relative mt-2 overflow-x-auto">
              <table className="w-full text-sm" data-testid="links-table">
                <caption className="sr-only">Clicks per link of {d.subject}</caption>
                <thead>
                  <tr className="border-b border-zinc-200 dark:border-zinc-800">
                    <th scope="col" className={th}>
                      Link
                    </th>
                    <th scope="col" className={th}>
                      Clicks
                    </th>
                    <th scope="col" className={th}>
                      Unique clickers
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
                  {d.links.map((l) => (
                    <tr key={l.position}>
                      <th scope="row" className="max-w-[12rem] px-3 py-2 text-left font-normal sm:max-w-[28rem]">
                        <span className="block truncate text-zinc-900 dark:text-zinc-100">{l.label || 'Link'}</span>
                        <a
                          href={l.url}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="block truncate text-xs text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
                          title={l.url}
                        >
                          {l.url}
                        </a>
                      </th>
                      <td className={td}>{formatCount(l.clicks)}</td>
                      <td className={td}>{formatCount(l.uniqueClickers)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </Card>
  );
}

function Platforms({ platforms }: { platforms: Overview['platforms'] }) {
  if (!platforms.length) return null;
  const keys = [
    ['recipients', 'Recipients'],
    ['delivered', 'Delivered'],
    ['uniqueOpens', 'Unique opens'],
    ['opens', 'Opens'],
    ['uniqueClicks', 'Unique clicks'],
    ['clicks', 'Clicks'],
    ['unsubscribes', 'Unsubscribes'],
    ['bounces', 'Bounces'],
    ['complaints', 'Complaints'],
  ] as const;
  return (
    <section className="mt-8" aria-labelledby="platforms-title">
      <h2 id="platforms-title" className="text-base font-semibold text-zinc-900 dark:text-white">
        Campaigns on other platforms
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">Figures as each platform reports them; they are not mixed with the issues above.</p>
      <div className="mt-3 grid gap-3 md:grid-cols-2">
        {platforms.map((p) => (
          <Card key={p.id} className="p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="min-w-0 truncate font-medium text-zinc-900 dark:text-zinc-100" title={p.title}>
                {p.title}
              </p>
              <Badge tone="brand">{p.source}</Badge>
            </div>
            <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
              {p.listName ? `${p.listName} · ` : ''}
              {p.fetchedAt ? `Fetched ${formatDateTime(p.fetchedAt)}` : 'Not fetched yet'}
            </p>
            <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
              {keys
                .filter(([k]) => p.stats[k] !== undefined)
                .map(([k, label]) => (
                  <div key={k}>
                    <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
                    <dd className="font-semibold tabular-nums text-zinc-900 dark:text-zinc-100">{formatCount(p.stats[k]!)}</dd>
                  </div>
                ))}
            </dl>
          </Card>
        ))}
      </div>
    </section>
  );
}

export function AnalyticsPage({ publicationId }: { publicationId: string }) {
  const navigate = useNavigate();
  const q = trpc.analytics.overview.useQuery(
    { publicationId: publicationId || undefined },
    { placeholderData: (p) => p, retry: (n, e) => e.data?.httpStatus !== 403 && n < 2 },
  );
  const [chosen, setChosen] = useState('');

  if (q.error?.data?.httpStatus === 403)
    return (
      <>
        <PageHeader title="Analytics" />
        <UpgradeNotice message={q.error.message} />
      </>
    );

  const o = q.data;
  const selected = o?.issues.some((i) => i.sendId === chosen) ? chosen : (o?.issues[0]?.sendId ?? '');
  const filter = o && o.publications.length > 1 && (
    <div className="flex items-center gap-2">
      <Label htmlFor="analytics-publication" className="sr-only">
        Publication
      </Label>
      <Select
        id="analytics-publication"
        value={publicationId}
        onChange={(e) => void navigate({ to: '/analytics', search: { publicationId: e.target.value } })}
        className="w-48"
      >
        <option value="">All publications</option>
        {o.publications.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </Select>
    </div>
  );

  return (
    <>
      <PageHeader
        title="Analytics"
        description="Opens, clicks, unsubscribes, bounces and complaints of the issues you sent."
        actions={
          <>
            {filter}
            {o && o.issues.length > 0 && (
              <a href={exportHref(publicationId)} download className={buttonClass('outline')}>
                <Download aria-hidden /> Export CSV
              </a>
            )}
          </>
        }
      />
      {q.error ? (
        <ListError message={errorMessage(q.error)} onRetry={() => void q.refetch()} />
      ) : !o ? (
        <Card>
          <ListSkeleton rows={4} />
        </Card>
      ) : o.issues.length === 0 ? (
        <>
          <Card>
            <EmptyState
              icon={BarChart3}
              title="No issues sent yet"
              body="Send an issue to your subscribers from the last step of a publication; its opens and clicks show here."
            >
              <Link to="/publications" className={buttonClass('primary')}>
                Send an issue
              </Link>
            </EmptyState>
          </Card>
          <Platforms platforms={o.platforms} />
        </>
      ) : (
        <>
          <Summary totals={o.totals} />
          <TrendSection overview={o} />
          <IssuesTable issues={o.issues} selected={selected} onSelect={setChosen} />
          {selected && <IssueDetail sendId={selected} />}
          <Platforms platforms={o.platforms} />
        </>
      )}
    </>
  );
}
