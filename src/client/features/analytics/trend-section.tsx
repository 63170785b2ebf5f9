// The trend over the last issues: the uPlot chart (loaded on its own) beside a table of the same rates.
import { Table, TableBody, TableRowHeader } from '../../components/ui/table';
import { lazy, Suspense } from 'react';
import { Card } from '../../components/ui/card';
import { formatDate } from '../../lib/format';
import { formatRate } from './format';
import { HeadRow, td } from './table-parts';
import type { Overview } from './types';

const TrendChart = lazy(() => import('./trend-chart').then((m) => ({ default: m.TrendChart })));

export function TrendSection({ trend }: { trend: Overview['trend'] }) {
  return (
    <Card className="mt-6 p-4 sm:p-5">
      <h2 className="text-base font-semibold text-zinc-900 dark:text-white">Trend over the last {trend.length === 1 ? 'issue' : `${trend.length} issues`}</h2>
      <div className="mt-4 grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_auto]">
        <Suspense fallback={<div className="h-[240px] animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-800/60" />}>
          <TrendChart points={trend} />
        </Suspense>
        <Table caption="Open and click rates per issue, oldest first" scroll="Open and click rates per issue" scrollClassName="relative min-w-0">
          <HeadRow columns={['#', 'Sent', 'Open rate', 'Human-likely', 'Click rate']} />
          <TableBody>
            {trend.map((t, i) => (
              <tr key={t.sendId}>
                <TableRowHeader className={td} title={t.subject}>
                  #{i + 1}
                  <span className="sr-only"> {t.subject}</span>
                </TableRowHeader>
                <td className={td}>{formatDate(t.sentAt)}</td>
                <td className={td}>{formatRate(t.openRate)}</td>
                <td className={td}>{formatRate(t.humanOpenRate)}</td>
                <td className={td}>{formatRate(t.clickRate)}</td>
              </tr>
            ))}
          </TableBody>
        </Table>
      </div>
    </Card>
  );
}
