// The four figures above the billing table: monthly recurring revenue (with the spec's fixed
// '+12% from last month', §9) and the number of active, canceled and past-due subscriptions.
import { CircleAlert, CircleCheck, CircleX, DollarSign } from 'lucide-react';
import { Stat } from '../../components/ui/stat';
import { formatUsd } from './billing-format';

interface Summary {
  mrr: number;
  active: number;
  canceled: number;
  pastDue: number;
}

export const MRR_TREND = '+12% from last month';

export function SummaryCards({ summary }: { summary?: Summary }) {
  const count = (n?: number) => (n === undefined ? undefined : n.toLocaleString('en-US'));
  return (
    <div className="grid grid-cols-3 gap-3 sm:gap-4 xl:grid-cols-4">
      <Stat
        icon={DollarSign}
        label="Monthly Recurring Revenue"
        value={summary ? formatUsd(summary.mrr) : undefined}
        note={MRR_TREND}
        noteTone="text-emerald-700 dark:text-emerald-400"
        iconTone="text-indigo-600 dark:text-indigo-400"
        testId="billing-mrr"
        className="col-span-3 xl:col-span-1"
      />
      <Stat icon={CircleCheck} label="Active" value={count(summary?.active)} iconTone="text-emerald-600 dark:text-emerald-400" testId="billing-active" />
      <Stat icon={CircleX} label="Canceled" value={count(summary?.canceled)} iconTone="text-red-600 dark:text-red-400" testId="billing-canceled" />
      <Stat icon={CircleAlert} label="Past due" value={count(summary?.pastDue)} iconTone="text-amber-600 dark:text-amber-400" testId="billing-past-due" />
    </div>
  );
}
