// The four headline figures over the listed issues: recipients, open rate, click rate, unsubscribes.
import { Stat } from '../../components/ui/stat';
import { formatCount, formatRate } from './format';
import type { Overview } from './types';

export function Summary({ totals }: { totals: Overview['totals'] }) {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Stat
        label="Recipients"
        value={formatCount(totals.recipients)}
        note={`${totals.issues} ${totals.issues === 1 ? 'issue' : 'issues'}, ${formatCount(totals.delivered)} delivered`}
        testId="total-recipients"
      />
      <Stat label="Open rate" value={formatRate(totals.openRate)} note={`Human-likely ${formatRate(totals.humanOpenRate)}`} testId="total-open-rate" />
      <Stat label="Click rate" value={formatRate(totals.clickRate)} note={`Click-to-open ${formatRate(totals.clickToOpen)}`} testId="total-click-rate" />
      <Stat
        label="Unsubscribes"
        value={formatCount(totals.unsubscribes)}
        note={`${formatCount(totals.bounces)} bounces, ${formatCount(totals.complaints)} complaints`}
        testId="total-unsubscribes"
      />
    </div>
  );
}
