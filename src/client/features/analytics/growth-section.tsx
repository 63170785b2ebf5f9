// Growth of the readership per week (ISO weeks, Monday to Sunday, UTC): new readers, confirmed, left
// (unsubscribed, bounced or complained) and net, and new readers by how they joined; the chart beside a
// table of the same numbers, the range to choose and a CSV of it.
import { Table, TableBody, TableRowHeader } from '../../components/ui/table';
import { lazy, Suspense, useState } from 'react';
import { Download } from 'lucide-react';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Select } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { ListError, ListSkeleton } from '../../components/ui/list-states';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';
import { HeadRow, td } from './table-parts';
import { formatCount } from './format';

const GrowthChart = lazy(() => import('./growth-chart').then((m) => ({ default: m.GrowthChart })));

const RANGES = [4, 12, 26, 52] as const;
const SOURCES = [
  ['signup', 'Signup page'],
  ['form', 'Forms'],
  ['import', 'Import'],
  ['manual', 'By hand'],
  ['api', 'API'],
] as const;

const weekOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const signed = (n: number) => (n > 0 ? `+${formatCount(n)}` : formatCount(n));

const GROWTH_EXPORT_PATH = '/api/analytics/growth-export';
const growthExportHref = (publicationId: string, weeks: number) =>
  `${GROWTH_EXPORT_PATH}?weeks=${weeks}${publicationId ? `&publicationId=${encodeURIComponent(publicationId)}` : ''}`;

export function GrowthSection({ publicationId }: { publicationId: string }) {
  const [weeks, setWeeks] = useState<(typeof RANGES)[number]>(12);
  const q = trpc.readers.growth.useQuery({ publicationId: publicationId || undefined, weeks }, { placeholderData: (p) => p });
  const g = q.data;
  return (
    <Card className="mt-6 p-4 sm:p-5" aria-labelledby="growth-heading">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="growth-heading" className="text-base font-semibold text-zinc-900 dark:text-white">
            Readers per week
          </h2>
          <p className="mt-1 text-xs text-muted">
            Confirmed counts readers who confirmed their address and readers you added already active (by hand, import or the API). Left counts unsubscribes,
            bounces and spam complaints. Net is confirmed minus left. Weeks run Monday to Sunday, UTC.
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Label htmlFor="growth-weeks" className="sr-only">
            Weeks shown
          </Label>
          <Select id="growth-weeks" value={weeks} onChange={(e) => setWeeks(Number(e.target.value) as (typeof RANGES)[number])} className="w-44">
            {RANGES.map((n) => (
              <option key={n} value={n}>
                Last {n} weeks
              </option>
            ))}
          </Select>
          <a href={growthExportHref(publicationId, weeks)} download className={buttonClass('outline')}>
            <Download aria-hidden /> CSV
          </a>
        </div>
      </div>
      {q.error ? (
        <ListError message={errorMessage(q.error)} onRetry={() => void q.refetch()} />
      ) : !g ? (
        <ListSkeleton rows={4} />
      ) : (
        <>
          <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {(
              [
                ['New', formatCount(g.totals.new)],
                ['Confirmed', formatCount(g.totals.confirmed)],
                ['Left', formatCount(g.totals.left)],
                ['Net', signed(g.totals.net)],
              ] as const
            ).map(([k, v]) => (
              <div key={k} className="rounded-lg bg-zinc-50 p-3 dark:bg-zinc-800/50">
                <dt className="text-xs text-muted">{k}</dt>
                <dd className="text-lg font-semibold text-zinc-900 tabular-nums dark:text-white">{v}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-4 grid grid-cols-1 gap-6 2xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <Suspense fallback={<div className="h-[240px] animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-800/60" />}>
              <GrowthChart weeks={g.weeks} />
            </Suspense>
            <Table
              caption="Readers per week, newest first: new, confirmed, left, net, and new readers by source"
              scroll="Readers per week"
              scrollClassName="relative max-h-[40rem] min-w-0 overflow-auto"
            >
              <HeadRow columns={['Week of', 'New', 'Confirmed', 'Left', 'Net', ...SOURCES.map(([, label]) => label)]} />
              <TableBody>
                {g.weeks
                  .slice()
                  .reverse()
                  .map((w) => (
                    <tr key={w.weekStart}>
                      <TableRowHeader className={td}>{weekOf(w.weekStart)}</TableRowHeader>
                      <td className={td}>{formatCount(w.new)}</td>
                      <td className={td}>{formatCount(w.confirmed)}</td>
                      <td className={td}>{formatCount(w.left)}</td>
                      <td className={td}>{signed(w.net)}</td>
                      {SOURCES.map(([key]) => (
                        <td key={key} className={td}>
                          {formatCount(w.bySource[key])}
                        </td>
                      ))}
                    </tr>
                  ))}
              </TableBody>
            </Table>
          </div>
        </>
      )}
    </Card>
  );
}
