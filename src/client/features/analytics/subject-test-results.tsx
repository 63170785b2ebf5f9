// A subject test's results on /analytics: each subject's group (readers, human-likely opens, clicks,
// the rate the rule compares), the winner and how sure it is, or that the difference is within noise.
import { Table, TableBody, TableRowHeader } from '../../components/ui/table';
import { Trophy } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { formatConfidence, formatDateTime } from '../../lib/format';
import type { RouterOutputs } from '../../trpc';
import { formatCount, formatRate } from './format';
import { HeadRow, td } from './table-parts';

type Report = NonNullable<RouterOutputs['analytics']['issue']['subjectTest']>;

const letter = (i: number) => String.fromCharCode(65 + i);

function verdict(r: Report): string {
  const w = r.winner;
  if (!w) return r.testEndsAt ? `Waiting for readers until ${formatDateTime(r.testEndsAt)}.` : 'The test groups are being sent.';
  const lead = `Subject ${letter(w.variant)} won by ${r.rule === 'opens' ? 'human-likely opens' : 'clicks'}`;
  const when = w.early ? ', chosen before the wait ended' : '';
  if (w.withinNoise) return `${lead}${when}, but the difference is within noise: with groups this size it was close to a coin flip.`;
  return `${lead}${when}; ${formatConfidence(w.confidence)} sure it is really ahead (two-proportion z-test).`;
}

export function SubjectTestResults({ report }: { report: Report }) {
  return (
    <section aria-labelledby="subject-test-title" className="mt-5" data-testid="subject-test-results">
      <h3 id="subject-test-title" className="text-sm font-semibold text-zinc-900 dark:text-white">
        Subject test
      </h3>
      <p className="mt-1 text-sm text-muted">
        {report.sharePercent} % of the list in {report.variants.length} groups, a {report.waitHours}-hour wait; the winner went to the other{' '}
        {formatCount(report.rest)} {report.rest === 1 ? 'reader' : 'readers'}.
      </p>
      <Table caption="Each subject line's test group" scroll="Each subject line's test group" scrollClassName="relative mt-2">
        <HeadRow columns={['Subject', 'Readers', 'Opens', 'Clicks', report.rule === 'opens' ? 'Open rate' : 'Click rate']} />
        <TableBody>
          {report.variants.map((v) => (
            <tr key={v.variant}>
              <TableRowHeader className="max-w-[14rem] px-3 py-2 sm:max-w-[28rem]">
                <span className="flex items-center gap-2">
                  <span className="shrink-0 text-xs font-semibold text-muted">{letter(v.variant)}</span>
                  <span className="truncate text-zinc-900 dark:text-zinc-100" title={v.subject}>
                    {v.subject}
                  </span>
                  {report.winner?.variant === v.variant && (
                    <Badge tone="success">
                      <Trophy className="size-3" aria-hidden /> Winner
                    </Badge>
                  )}
                </span>
              </TableRowHeader>
              <td className={td}>{formatCount(v.recipients)}</td>
              <td className={td}>{formatCount(v.opens)}</td>
              <td className={td}>{formatCount(v.clicks)}</td>
              <td className={td}>{formatRate(v.rate)}</td>
            </tr>
          ))}
        </TableBody>
      </Table>
      <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300" data-testid="subject-test-verdict">
        {verdict(report)}
      </p>
    </section>
  );
}
