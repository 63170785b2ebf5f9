// The trend of open and click rates over the last issues.
import { useMemo } from 'react';
import { LineChart } from './line-chart';
import type { Overview } from './types';

const percent = (v: number | null) => (v === null ? '—' : `${v}%`);
const SERIES = [
  { label: 'Open rate', stroke: '#6366f1', value: percent },
  { label: 'Human-likely open rate', stroke: '#10b981', value: percent },
  { label: 'Click rate', stroke: '#f59e0b', value: percent },
] as const;

export function TrendChart({ points }: { points: Overview['trend'] }) {
  const { x, ys } = useMemo(() => {
    const pct = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 10);
    return {
      x: points.map((_, i) => i + 1),
      ys: [points.map((p) => pct(p.openRate)), points.map((p) => pct(p.humanOpenRate)), points.map((p) => pct(p.clickRate))],
    };
  }, [points]);
  return (
    <LineChart
      testId="trend-chart"
      xName="Issue"
      series={SERIES}
      x={x}
      ys={ys}
      // Only issues that exist are labelled (with one issue the scale is padded to #0 and #2).
      xLabel={(t) => (Number.isInteger(t) && t >= 1 && t <= points.length ? `#${t}` : '')}
      yLabel={(t) => `${t}%`}
      yRange={[0, 100]}
      pointSize={6}
    />
  );
}
