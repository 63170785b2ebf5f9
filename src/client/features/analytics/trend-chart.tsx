// The trend of open and click rates over the last issues, drawn with uPlot. uPlot and its CSS are
// loaded with a dynamic import, so only this page pays for them; the chart is decorative for
// assistive technology (aria-hidden) because the table beside it carries the same numbers.
import { useEffect, useRef, useState } from 'react';
import type uPlotType from 'uplot';
import type { Overview } from './types';

const SERIES = [
  { label: 'Open rate', stroke: '#6366f1' },
  { label: 'Human-likely open rate', stroke: '#10b981' },
  { label: 'Click rate', stroke: '#f59e0b' },
] as const;

export function TrendChart({ points }: { points: Overview['trend'] }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: uPlotType | null = null;
    let observer: ResizeObserver | null = null;
    let gone = false;
    const pct = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 10);
    const data: uPlotType.AlignedData = [
      points.map((_, i) => i + 1),
      points.map((p) => pct(p.openRate)),
      points.map((p) => pct(p.humanOpenRate)),
      points.map((p) => pct(p.clickRate)),
    ];
    Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        if (gone) return;
        const axis = { stroke: '#71717a', grid: { stroke: 'rgba(113,113,122,0.15)' }, ticks: { stroke: 'rgba(113,113,122,0.3)' } };
        plot = new UPlot(
          {
            width: Math.max(200, el.clientWidth),
            height: 220,
            scales: { x: { time: false }, y: { range: [0, 100] } },
            axes: [
              // Only issues that exist are labelled (with one issue the scale is padded to #0 and #2).
              { ...axis, values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) && t >= 1 && t <= points.length ? `#${t}` : '')) },
              { ...axis, values: (_u, ticks) => ticks.map((t) => `${t}%`) },
            ],
            series: [
              { label: 'Issue' },
              ...SERIES.map((s) => ({
                label: s.label,
                stroke: s.stroke,
                width: 2,
                points: { size: 6, fill: s.stroke },
                value: (_u: uPlotType, v: number | null) => (v === null ? '—' : `${v}%`),
              })),
            ],
            legend: { show: false },
          },
          data,
          el,
        );
        observer = new ResizeObserver(() => plot?.setSize({ width: Math.max(200, el.clientWidth), height: 220 }));
        observer.observe(el);
      })
      .catch(() => !gone && setFailed(true));
    return () => {
      gone = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [points]);

  if (failed) return <p className="text-sm text-zinc-500 dark:text-zinc-400">The chart could not load; the table has the same numbers.</p>;
  return (
    <div aria-hidden className="min-w-0 overflow-hidden">
      <div ref={box} className="h-[220px] w-full" data-testid="trend-chart" />
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
        {SERIES.map((s) => (
          <li key={s.label} className="flex items-center gap-1.5">
            <span className="inline-block h-0.5 w-4 rounded" style={{ background: s.stroke }} />
            {s.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
