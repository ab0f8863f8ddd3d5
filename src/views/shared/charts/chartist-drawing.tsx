// The drawing half of a chart (README.md "The console", charts): Chartist's SVG, drawn into a
// box the chart frame sizes. This module is the only one that imports Chartist, and the frame
// loads it with React.lazy, so Chartist (and its stylesheet) arrive only with a page that shows
// a chart, never with the console's first screen or the public site.
import { BarChart, LineChart } from 'chartist';
import { useCallback } from 'react';
import 'chartist/dist/index.css';
import type { ChartDrawingProps } from './chart-types.ts';

/** Every nth axis label, so about `shown` show whatever the number of points. */
const everyNth = (count: number, shown: number) => Math.max(1, Math.ceil(count / shown));
/** Only these labels of the axis: the others are left out. */
const labelsEvery = (nth: number) => (label: unknown, index: number) => (index % nth === 0 ? String(label) : null);
/** Narrow screens (375 px): fewer, shorter labels, so none is squeezed. */
const NARROW = 'screen and (max-width: 40rem)';
const shorten = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

function draw(host: HTMLElement, { kind, points }: ChartDrawingProps): { detach(): unknown } {
  const labels = points.map((point) => point.axisLabel ?? point.label);
  const values = points.map((point) => point.value);
  if (kind === 'line') {
    return new LineChart(
      host,
      { labels, series: [values] },
      {
        height: '15rem',
        fullWidth: true,
        low: 0,
        showArea: true,
        showPoint: points.length <= 31,
        chartPadding: { right: 24 },
        axisY: { onlyInteger: true },
        axisX: { labelInterpolationFnc: labelsEvery(everyNth(points.length, 12)) },
      },
      [[NARROW, { axisX: { labelInterpolationFnc: labelsEvery(everyNth(points.length, 5)) } }]],
    );
  }
  return new BarChart(
    host,
    { labels, series: [values] },
    {
      // One bar of about 2.25rem per link, plus the axis.
      height: `${points.length * 2.25 + 2.5}rem`,
      horizontalBars: true,
      reverseData: true,
      low: 0,
      axisX: { onlyInteger: true },
      axisY: { offset: 128, labelInterpolationFnc: (label: unknown) => shorten(String(label), 20) },
    },
    [[NARROW, { axisY: { offset: 88, labelInterpolationFnc: (label: unknown) => shorten(String(label), 12) } }]],
  );
}

export default function ChartistDrawing(props: ChartDrawingProps) {
  // A ref callback draws once the box is in the page and detaches Chartist (its resize listener)
  // when the box goes or the numbers change. Chartist is a renderer: this draws, nothing else.
  const { kind, points } = props;
  const attach = useCallback(
    (host: HTMLDivElement | null) => {
      // Chartist draws a moment later (its own timer) and needs matchMedia for its options; a
      // browser without it (or a test's DOM) keeps the table, which carries the same numbers.
      if (host === null || typeof window.matchMedia !== 'function') return undefined;
      try {
        const chart = draw(host, { kind, points });
        return () => {
          chart.detach();
        };
      } catch (error) {
        // A browser that cannot draw SVG: the table beside the drawing carries the same numbers.
        console.error('The chart could not be drawn; its numbers are in the table beside it.', error);
        return undefined;
      }
    },
    [kind, points],
  );
  return <div ref={attach} className={`chart__svg chart__svg--${kind}`} />;
}
