// /analytics (plans with analytics): per issue sent, opens (total, unique, human-likely), clicks
// (unique, per link), unsubscribes, bounces and complaints; the trend over the last issues (chart and
// the same numbers as a table); a CSV export; and the figures platforms report for campaigns
// published there, labelled by source; readers per week (new, confirmed, left, net, by source). Plans without analytics see the upgrade notice.
import { Link, useNavigate } from '@tanstack/react-router';
import { BarChart3, Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { UpgradeNotice } from '../../components/upgrade-notice';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Select } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { EmptyState, ListError, ListSkeleton } from '../../components/ui/list-states';
import { errorMessage, httpStatusOf } from '../../lib/errors';
import { trpc } from '../../trpc';
import { LOADED } from '../../lib/page-data';
import { exportHref } from './format';
import { GrowthSection } from './growth-section';
import { IssueDetail } from './issue-detail';
import { IssuesTable } from './issues-table';
import { Platforms } from './platforms';
import { Summary } from './summary';
import { TrendSection } from './trend-section';

export function AnalyticsPage({ publicationId, sendId }: { publicationId: string; sendId?: string }) {
  const navigate = useNavigate();
  const q = trpc.analytics.overview.useQuery(
    { publicationId: publicationId || undefined },
    { ...LOADED, placeholderData: (p) => p, retry: (n, e) => httpStatusOf(e) !== 403 && n < 2 },
  );
  const [chosen, setChosen] = useState(sendId ?? '');
  // An issue named by the address (its report, from /newsletters) is shown even when older than the list.
  const named = !!sendId && chosen === sendId;
  useEffect(() => {
    if (named && q.data) document.getElementById('issue-detail-title')?.scrollIntoView({ block: 'start' });
  }, [named, q.data]);

  if (q.error && httpStatusOf(q.error) === 403)
    return (
      <>
        <PageHeader title="Analytics" />
        <UpgradeNotice message={q.error.message} />
      </>
    );

  const o = q.data;
  const selected = named || o?.issues.some((i) => i.sendId === chosen) ? chosen : (o?.issues[0]?.sendId ?? '');
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
          <GrowthSection publicationId={publicationId} />
          <Platforms platforms={o.platforms} />
        </>
      ) : (
        <>
          <Summary totals={o.totals} />
          <TrendSection trend={o.trend} />
          <GrowthSection publicationId={publicationId} />
          <IssuesTable issues={o.issues} selected={selected} onSelect={setChosen} />
          {selected && <IssueDetail sendId={selected} />}
          <Platforms platforms={o.platforms} />
        </>
      )}
    </>
  );
}
