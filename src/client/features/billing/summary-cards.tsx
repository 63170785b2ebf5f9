// The four figures above the billing table: monthly recurring revenue (with the spec's fixed
// '+12% from last month', §9) and the number of active, canceled and past-due subscriptions.
import { CircleAlert, CircleCheck, CircleX, DollarSign, type LucideIcon } from 'lucide-react';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { formatUsd } from './billing-format';

interface Summary {
  mrr: number;
  active: number;
  canceled: number;
  pastDue: number;
}

export const MRR_TREND = '+12% from last month';

function Figure({
  icon: Icon,
  label,
  value,
  note,
  tone,
  testId,
  className,
}: {
  icon: LucideIcon;
  label: string;
  value?: string;
  note?: string;
  tone: string;
  testId: string;
  className?: string;
}) {
  return (
    <Card className={cn('p-4 sm:p-5', className)} role="group" aria-label={label}>
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-muted">{label}</p>
        <Icon className={cn('hidden size-5 shrink-0 sm:block', tone)} aria-hidden />
      </div>
      {value === undefined ? (
        <div aria-hidden className="mt-2 h-8 w-28 animate-pulse rounded bg-zinc-100 dark:bg-zinc-800/60" />
      ) : (
        <p className="mt-1.5 text-2xl font-semibold tracking-tight text-zinc-900 tabular-nums dark:text-white" data-testid={testId}>
          {value}
        </p>
      )}
      {note && <p className="mt-1 text-xs text-emerald-700 dark:text-emerald-400">{note}</p>}
    </Card>
  );
}

export function SummaryCards({ summary }: { summary?: Summary }) {
  const count = (n?: number) => (n === undefined ? undefined : n.toLocaleString('en-US'));
  return (
    <div className="grid grid-cols-3 gap-3 sm:gap-4 xl:grid-cols-4">
      <Figure
        icon={DollarSign}
        label="Monthly Recurring Revenue"
        value={summary ? formatUsd(summary.mrr) : undefined}
        note={MRR_TREND}
        tone="text-indigo-600 dark:text-indigo-400"
        testId="billing-mrr"
        className="col-span-3 xl:col-span-1"
      />
      <Figure icon={CircleCheck} label="Active" value={count(summary?.active)} tone="text-emerald-600 dark:text-emerald-400" testId="billing-active" />
      <Figure icon={CircleX} label="Canceled" value={count(summary?.canceled)} tone="text-red-600 dark:text-red-400" testId="billing-canceled" />
      <Figure icon={CircleAlert} label="Past due" value={count(summary?.pastDue)} tone="text-amber-600 dark:text-amber-400" testId="billing-past-due" />
    </div>
  );
}
