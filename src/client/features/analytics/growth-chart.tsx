// Readers per week drawn with uPlot, loaded on its own like the trend chart: new, confirmed and left
// readers and the net change. Decorative for assistive technology: the table beside it has the numbers.
import { useEffect, useRef, useState } from 'react';
import type uPlotType from 'uplot';
import type { Growth } from './types';

const SERIES = [
  { key: 'new', label: 'New', stroke: '#6366f1' },
  { key: 'confirmed', label: 'Confirmed', stroke: '#10b981' },
  { key: 'left', label: 'Left', stroke: '#ef4444' },
  { key: 'net', label: 'Net', stroke: '#f59e0b' },
] as const;

const weekLabel = (iso: string) => new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

export function GrowthChart({ weeks }: { weeks: Growth['weeks'] }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: uPlotType | null = null;
    let observer: ResizeObserver | null = null;
    let gone = false;
    const data: uPlotType.AlignedData = [weeks.map((_, i) => i), ...SERIES.map((s) => weeks.map((w) => w[s.key]))];
    Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        if (gone) return;
        const axis = { stroke: '#71717a', grid: { stroke: 'rgba(113,113,122,0.15)' }, ticks: { stroke: 'rgba(113,113,122,0.3)' } };
        plot = new UPlot(
          {
            width: Math.max(200, el.clientWidth),
            height: 220,
            scales: { x: { time: false }, y: { range: (_u, min, max) => [Math.min(0, min), Math.max(1, max)] } },
            axes: [
              { ...axis, values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) && t >= 0 && t < weeks.length ? weekLabel(weeks[t]!.weekStart) : '')) },
              { ...axis, values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? String(t) : '')) },
            ],
            series: [{ label: 'Week' }, ...SERIES.map((s) => ({ label: s.label, stroke: s.stroke, width: 2, points: { size: 5, fill: s.stroke } }))],
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
  }, [weeks]);

  if (failed) return <p className="text-sm text-zinc-500 dark:text-zinc-400">The chart could not load; the table has the same numbers.</p>;
  return (
    <div aria-hidden className="min-w-0 overflow-hidden">
      <div ref={box} className="h-[220px] w-full" data-testid="growth-chart" />
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
