import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { CpdYear } from '../../../contracts/cpd';

/**
 * The year's months as bars: all time, and the verifiable part beside it. Drawn for the eye only
 * (hidden from assistive technology): the table under it says the same. Loaded lazily, so uPlot
 * comes with the chart and never with the rest of the ledger.
 */
export default function MonthChart({ months }: { months: CpdYear['byMonth'] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    // A canvas cannot read CSS variables: the theme's colours are read when drawn.
    const style = getComputedStyle(el);
    const all = style.getPropertyValue('--color-primary').trim() || '#17355f';
    const verifiable = style.getPropertyValue('--color-success').trim() || '#1f7a4d';
    const xs = months.map((_, i) => i);
    const bars = uPlot.paths.bars?.({ size: [0.35, 40], align: -1 });
    const barsRight = uPlot.paths.bars?.({ size: [0.35, 40], align: 1 });
    const height = 160;
    const plot = new uPlot(
      {
        width: Math.max(el.clientWidth, 200),
        height,
        legend: { show: false },
        cursor: { show: false },
        select: { show: false, left: 0, top: 0, width: 0, height: 0 },
        scales: { x: { time: false, range: [-0.5, months.length - 0.5] }, y: { range: (_u, _min, max) => [0, Math.max(60, max)] } },
        axes: [
          { values: (_u, ticks) => ticks.map((t) => months[t]?.month.slice(5) ?? ''), stroke: style.color, grid: { show: false } },
          // Ticks on whole hours only: a month of minutes would otherwise label 0 h, 0 h, 1 h, 1 h.
          { incrs: [60, 120, 180, 300, 600, 1200, 3000, 6000], values: (_u, ticks) => ticks.map((t) => `${Math.round(t / 60)} h`), stroke: style.color, size: 40 },
        ],
        series: [{}, { fill: all, stroke: all, paths: bars, points: { show: false } }, { fill: verifiable, stroke: verifiable, paths: barsRight, points: { show: false } }],
      },
      [xs, months.map((m) => m.minutes), months.map((m) => m.verifiableMinutes)],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(el.clientWidth, 200), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [months]);
  // uPlot's nodes are not React's: an empty inner HTML says so (React leaves them alone).
  return <div ref={box} className="ledger-chart__canvas" aria-hidden="true" dangerouslySetInnerHTML={EMPTY} />;
}

const EMPTY = { __html: '' };
