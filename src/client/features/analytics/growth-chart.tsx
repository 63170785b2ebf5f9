// Readers per week: new, confirmed and left readers and the net change.
import { useMemo } from 'react';
import { LineChart } from './line-chart';
import type { Growth } from './types';

const SERIES = [
  { key: 'new', label: 'New', stroke: '#6366f1' },
  { key: 'confirmed', label: 'Confirmed', stroke: '#10b981' },
  { key: 'left', label: 'Left', stroke: '#ef4444' },
  { key: 'net', label: 'Net', stroke: '#f59e0b' },
] as const;

const weekLabel = (iso: string) => new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

export function GrowthChart({ weeks }: { weeks: Growth['weeks'] }) {
  const { x, ys } = useMemo(() => ({ x: weeks.map((_, i) => i), ys: SERIES.map((s) => weeks.map((w) => w[s.key])) }), [weeks]);
  return (
    <LineChart
      testId="growth-chart"
      xName="Week"
      series={SERIES}
      x={x}
      ys={ys}
      xLabel={(t) => (Number.isInteger(t) && t >= 0 && t < weeks.length ? weekLabel(weeks[t]!.weekStart) : '')}
      yLabel={(t) => (Number.isInteger(t) ? String(t) : '')}
      yRange={(_u, min, max) => [Math.min(0, min), Math.max(1, max)]}
      pointSize={5}
    />
  );
}
