// The four headline figures over the listed issues: recipients, open rate, click rate, unsubscribes.
import { Card } from '../../components/ui/card';
import { formatCount, formatRate } from './format';
import type { Overview } from './types';

function Figure({ label, value, note, testId }: { label: string; value: string; note?: string; testId: string }) {
  return (
    <Card className="p-4 sm:p-5" role="group" aria-label={label}>
      <p className="text-sm font-medium text-muted">{label}</p>
      <p className="mt-1.5 text-2xl font-semibold tracking-tight text-zinc-900 tabular-nums dark:text-white" data-testid={testId}>
        {value}
      </p>
      {note && <p className="mt-1 text-xs text-muted">{note}</p>}
    </Card>
  );
}

export function Summary({ totals }: { totals: Overview['totals'] }) {
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
