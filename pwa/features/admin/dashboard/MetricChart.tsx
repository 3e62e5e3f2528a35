import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/**
 * One figure's days as a small line chart: this period solid, the previous one dashed, day by day
 * over each other. The canvas is hidden from assistive technology; the tile's table says the same.
 * uPlot is imported only under features/admin/dashboard, so it stays in the admin's chunk.
 */
export function MetricChart({ current, previous, height = 72 }: { current: number[]; previous: number[]; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    // A canvas cannot read CSS variables: the theme's colours are read when drawn (and on a theme change).
    const style = getComputedStyle(el);
    const solid = style.getPropertyValue('--color-primary').trim() || '#17355f';
    const dashed = style.getPropertyValue('--color-text-muted').trim() || '#4a505c';
    const xs = current.map((_, i) => i + 1);
    const plot = new uPlot(
      {
        width: Math.max(el.clientWidth, 80),
        height,
        legend: { show: false },
        cursor: { show: false },
        select: { show: false, left: 0, top: 0, width: 0, height: 0 },
        scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [{ show: false }, { show: false }],
        series: [{}, { stroke: solid, width: 2, points: { show: false } }, { stroke: dashed, width: 1.5, dash: [5, 4], points: { show: false } }],
      },
      [xs, current, previous],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(el.clientWidth, 80), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [current, previous, height, theme]);
  // uPlot's nodes are not React's: an empty inner HTML says so (React leaves them alone, and the
  // browser tests' "has the app taken over" check does not wait for them to become React's).
  return <div ref={box} className="dash-chart" aria-hidden="true" dangerouslySetInnerHTML={EMPTY} />;
}

const EMPTY = { __html: '' };

/** The page's theme (data-theme on <html>), followed as it changes, so the chart redraws in its colours. */
function useTheme(): string | undefined {
  const [theme, setTheme] = useState(() => document.documentElement.dataset.theme);
  useEffect(() => {
    const watch = new MutationObserver(() => setTheme(document.documentElement.dataset.theme));
    watch.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => watch.disconnect();
  }, []);
  return theme;
}
