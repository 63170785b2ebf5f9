// The subscriptions of /billing: a table on wider screens (scrolling sideways when it must), a list of
// cards on phones; status badges green/red/yellow (spec §3), the built-in sample rows marked 'Sample'.
import type { BillingRecord } from '../../../shared/schemas/billing';
import { Badge } from '../../components/ui/badge';
import { Table, TableBody, TableHead } from '../../components/ui/table';
import { formatDate } from '../../lib/format';
import { formatUsd, STATUS_LABELS } from './billing-format';

const STATUS_TONES = { active: 'success', canceled: 'danger', past_due: 'warning' } as const;

const COLUMNS = ['Name', 'Email', 'Plan', 'Status', 'Amount Paid', 'Billing Cycle', 'Start Date', 'Renew Date', 'Last Payment'] as const;

const HEAD = COLUMNS.map((c) => (c === 'Amount Paid' ? { label: c, className: 'text-right' } : c));
const cell = 'px-2.5 py-3 first:pl-4 last:pr-4';

const date = (v: string | null) => (v && formatDate(v)) || '—';
const cycle = (v: string) => (v ? v.charAt(0).toUpperCase() + v.slice(1) : '—');

function StatusBadge({ record }: { record: BillingRecord }) {
  return <Badge tone={STATUS_TONES[record.subscriptionStatus]}>{STATUS_LABELS[record.subscriptionStatus]}</Badge>;
}

const SampleBadge = () => <Badge tone="neutral">Sample</Badge>;

export function BillingTable({ records }: { records: BillingRecord[] }) {
  return (
    <>
      <Table caption="Subscriptions" scroll="Subscriptions table" scrollClassName="hidden sm:block">
        <TableHead columns={HEAD} ruled cellClassName={`${cell} align-bottom`} />
        <TableBody>
          {records.map((r) => (
            <tr key={r.id} className="whitespace-nowrap hover:bg-zinc-50/70 dark:hover:bg-zinc-800/30">
              <td className={`${cell} font-medium text-zinc-900 dark:text-zinc-100`}>
                <span className="flex flex-col items-start gap-1">
                  {r.name}
                  {r.sample && <SampleBadge />}
                </span>
              </td>
              <td className={`${cell} text-zinc-600 dark:text-zinc-300`}>{r.email}</td>
              <td className={`${cell} text-zinc-700 dark:text-zinc-200`}>{r.planType}</td>
              <td className={cell}>
                <StatusBadge record={r} />
              </td>
              <td className={`${cell} text-right text-zinc-900 tabular-nums dark:text-zinc-100`}>{formatUsd(r.amountPaid)}</td>
              <td className={`${cell} text-zinc-600 dark:text-zinc-300`}>{cycle(r.billingCycle)}</td>
              <td className={`${cell} text-zinc-600 dark:text-zinc-300`}>{date(r.startDate)}</td>
              <td className={`${cell} text-zinc-600 dark:text-zinc-300`}>{date(r.renewDate)}</td>
              <td className={`${cell} text-zinc-600 dark:text-zinc-300`}>{date(r.lastPayment)}</td>
            </tr>
          ))}
        </TableBody>
      </Table>
      <ul className="divide-y divide-zinc-100 sm:hidden dark:divide-zinc-800" aria-label="Subscriptions">
        {records.map((r) => (
          <li key={r.id} className="px-4 py-3.5 text-sm">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-zinc-900 dark:text-zinc-100">
                  {r.name}
                  {r.sample && <SampleBadge />}
                </p>
                <p className="truncate text-muted">{r.email}</p>
              </div>
              <StatusBadge record={r} />
            </div>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-xs">
              {(
                [
                  ['Plan', r.planType],
                  ['Amount Paid', `${formatUsd(r.amountPaid)} · ${cycle(r.billingCycle)}`],
                  ['Start Date', date(r.startDate)],
                  ['Renew Date', date(r.renewDate)],
                  ['Last Payment', date(r.lastPayment)],
                ] as const
              ).map(([k, v]) => (
                <div key={k} className="min-w-0">
                  <dt className="text-muted">{k}</dt>
                  <dd className="truncate font-medium text-zinc-800 dark:text-zinc-200">{v}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
