// One issue's rates, its subject test when it had one, and its clicks per link (readers only; link
// scanners are counted apart).
import { Table, TableBody, TableRowHeader } from '../../components/ui/table';
import { Card } from '../../components/ui/card';
import { ListError, ListSkeleton } from '../../components/ui/list-states';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';
import { formatCount, formatRate } from './format';
import { HeadRow, td } from './table-parts';
import { SubjectTestResults } from './subject-test-results';

export function IssueDetail({ sendId }: { sendId: string }) {
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
                <dt className="text-xs text-muted">{k}</dt>
                <dd className="font-semibold tabular-nums text-zinc-900 dark:text-zinc-100">{v}</dd>
              </div>
            ))}
          </dl>
          {d.machineClicks > 0 && (
            <p className="mt-2 text-xs text-muted">
              {formatCount(d.machineClicks)} {d.machineClicks === 1 ? 'click' : 'clicks'} by link scanners not counted.
            </p>
          )}
          {d.subjectTest && <SubjectTestResults report={d.subjectTest} />}
          <h3 className="mt-5 text-sm font-semibold text-zinc-900 dark:text-white">Clicks per link</h3>
          {!d.trackClicks ? (
            <p className="mt-2 text-sm text-muted">Click tracking was off when this issue was sent.</p>
          ) : d.links.length === 0 ? (
            <p className="mt-2 text-sm text-muted">This issue had no links to track.</p>
          ) : (
            <Table caption={`Clicks per link of ${d.subject}`} scroll="Clicks per link" scrollClassName="relative mt-2" data-testid="links-table">
              <HeadRow columns={['Link', 'Clicks', 'Unique clickers']} />
              <TableBody>
                {d.links.map((l) => (
                  <tr key={l.position}>
                    <TableRowHeader className="max-w-[12rem] px-3 py-2 sm:max-w-[28rem]">
                      <span className="block truncate text-zinc-900 dark:text-zinc-100">{l.label || 'Link'}</span>
                      <a
                        href={l.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="block truncate text-xs text-indigo-700 underline underline-offset-2 hover:decoration-2 dark:text-indigo-300"
                        title={l.url}
                      >
                        {l.url}
                      </a>
                    </TableRowHeader>
                    <td className={td}>{formatCount(l.clicks)}</td>
                    <td className={td}>{formatCount(l.uniqueClickers)}</td>
                  </tr>
                ))}
              </TableBody>
            </Table>
          )}
        </>
      )}
    </Card>
  );
}
