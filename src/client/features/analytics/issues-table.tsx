// The per-issue table, newest first: each issue's subject selects it for the detail below.
import { Table, TableBody, TableRowHeader } from '../../components/ui/table';
import { Card } from '../../components/ui/card';
import { formatDate, formatDateTime } from '../../lib/format';
import { formatCount } from './format';
import { HeadRow, td } from './table-parts';
import type { Issue } from './types';

const ISSUE_COLUMNS = [
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
] as const;

export function IssuesTable({ issues, selected, onSelect }: { issues: Issue[]; selected: string; onSelect: (id: string) => void }) {
  return (
    <Card className="mt-6 overflow-hidden">
      <h2 className="px-4 pt-4 text-base font-semibold text-zinc-900 sm:px-5 dark:text-white">Issues</h2>
      <Table caption="Figures per issue sent, newest first" scroll="Figures per issue sent" scrollClassName="relative mt-2" data-testid="issues-table">
        <HeadRow columns={ISSUE_COLUMNS} className="px-3 py-2 align-bottom" />
        <TableBody>
          {issues.map((i) => (
            <tr key={i.sendId} className={i.sendId === selected ? 'bg-indigo-50/60 dark:bg-indigo-500/10' : undefined}>
              <TableRowHeader className="px-3 py-2">
                <button
                  type="button"
                  className="block max-w-[10rem] truncate text-left font-medium sm:max-w-[14rem] text-indigo-700 underline underline-offset-2 hover:decoration-2 dark:text-indigo-300"
                  aria-pressed={i.sendId === selected}
                  title={i.subject}
                  onClick={() => onSelect(i.sendId)}
                >
                  {i.subject}
                </button>
                <span className="block text-xs text-muted">{i.publicationName}</span>
              </TableRowHeader>
              <td className={td} title={formatDateTime(i.sentAt)}>
                {formatDate(i.sentAt)}
              </td>
              <td className={td}>{formatCount(i.recipients)}</td>
              <td className={td}>
                {formatCount(i.delivered)}
                {i.deliveredSource === 'estimate' && <span className="sr-only"> (estimated: sent minus bounces)</span>}
                {i.deliveredSource === 'estimate' && (
                  <span aria-hidden className="text-muted" title="Sent minus bounces: the provider does not report deliveries">
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
        </TableBody>
      </Table>
      <p className="px-4 py-3 text-xs text-muted sm:px-5">
        Human-likely opens leave out Apple Mail Privacy Protection and other automatic image fetches. * Delivered is sent minus bounces when the mail provider
        does not report deliveries. — means tracking was off for that issue.
      </p>
    </Card>
  );
}
