// The analytics page's line charts, drawn with uPlot. uPlot and its CSS are loaded with a dynamic import,
// so only this page pays for them; a chart is decorative for assistive technology (aria-hidden) because
// the table beside it carries the same numbers.
import { useEffect, useRef, useState } from 'react';
import type uPlotType from 'uplot';

export interface LineSeries {
  label: string;
  stroke: string;
  /** A point's value as the chart shows it (default: the number). */
  value?: (v: number | null) => string;
}

const HEIGHT = 220;

export function LineChart({
  testId,
  xName,
  series,
  x,
  ys,
  xLabel,
  yLabel,
  yRange,
  pointSize,
}: {
  testId: string;
  xName: string;
  series: readonly LineSeries[];
  /** The x positions, and one array of values per series. */
  x: number[];
  ys: (number | null)[][];
  /** An x tick's label ('' leaves it blank). */
  xLabel: (tick: number) => string;
  yLabel: (tick: number) => string;
  yRange: uPlotType.Scale['range'];
  pointSize: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: uPlotType | null = null;
    let observer: ResizeObserver | null = null;
    let gone = false;
    const data: uPlotType.AlignedData = [x, ...ys];
    Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        if (gone) return;
        const axis = { stroke: '#71717a', grid: { stroke: 'rgba(113,113,122,0.15)' }, ticks: { stroke: 'rgba(113,113,122,0.3)' } };
        plot = new UPlot(
          {
            width: Math.max(200, el.clientWidth),
            height: HEIGHT,
            scales: { x: { time: false }, y: { range: yRange } },
            axes: [
              { ...axis, values: (_u, ticks) => ticks.map(xLabel) },
              { ...axis, values: (_u, ticks) => ticks.map(yLabel) },
            ],
            series: [
              { label: xName },
              ...series.map((s) => ({
                label: s.label,
                stroke: s.stroke,
                width: 2,
                points: { size: pointSize, fill: s.stroke },
                ...(s.value ? { value: (_u: uPlotType, v: number | null) => s.value!(v) } : {}),
              })),
            ],
            legend: { show: false },
          },
          data,
          el,
        );
        observer = new ResizeObserver(() => plot?.setSize({ width: Math.max(200, el.clientWidth), height: HEIGHT }));
        observer.observe(el);
      })
      .catch(() => !gone && setFailed(true));
    return () => {
      gone = true;
      observer?.disconnect();
      plot?.destroy();
    };
    // The chart is drawn again when its data changes; the label functions follow the data.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [x, ys]);

  if (failed) return <p className="text-sm text-muted">The chart could not load; the table has the same numbers.</p>;
  return (
    <div aria-hidden className="min-w-0 overflow-hidden">
      <div ref={box} className="h-[220px] w-full" data-testid={testId} />
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
        {series.map((s) => (
          <li key={s.label} className="flex items-center gap-1.5">
            <span className="inline-block h-0.5 w-4 rounded" style={{ background: s.stroke }} />
            {s.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
