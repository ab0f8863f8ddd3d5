// The console's charts (README.md "The console", charts): a line chart (a value per day) and a
// bar chart (the most followed links). Each is a picture for people who would rather look, with
// the same numbers as a real table for people who would rather read or who use a screen reader:
// the drawing is `role="img"` named by the table's caption, the table follows it in a labelled
// region that scrolls on its own at 375 px. Chartist is loaded lazily (chartist-drawing.tsx);
// until it arrives, or if it never does, the box keeps its height and the table is all there.
import { Suspense, useId, type ReactNode } from 'react';
import { lazyPart } from '../lazy-part.ts';
import type { ChartKind, ChartPoint } from './chart-types.ts';
import './charts.css';

export type { ChartPoint } from './chart-types.ts';

const ChartistDrawing = lazyPart(() => import('./chartist-drawing.tsx'));

export interface ChartProps {
  /** The chart's name: the table's caption, and the drawing's accessible name. */
  caption: string;
  points: readonly ChartPoint[];
  /** The table's column headings: what a label is ("Day", "Link") and what a value is ("Clicks"). */
  labelHeading: string;
  valueHeading: string;
  /** A sentence under the drawing (a total, the busiest day), read as the drawing's description. */
  summary?: ReactNode;
  /** Said instead of a drawing when every value is zero or there are no points. */
  empty: string;
}

function Chart({ kind, caption, points, labelHeading, valueHeading, summary, empty }: ChartProps & { kind: ChartKind }) {
  const captionId = useId();
  const summaryId = useId();
  const nothing = points.every((point) => point.value === 0);
  return (
    <div className={`chart chart--${kind}`}>
      {nothing ? (
        <p className="chart__empty">{empty}</p>
      ) : (
        <figure className="chart__figure" role="img" aria-labelledby={captionId} aria-describedby={summary === undefined ? undefined : summaryId}>
          <Suspense fallback={<div className={`chart__svg chart__svg--${kind}`} />}>
            <ChartistDrawing kind={kind} points={points} />
          </Suspense>
        </figure>
      )}
      {summary === undefined ? null : (
        <p id={summaryId} className="chart__summary">
          {summary}
        </p>
      )}
      <div className="chart__numbers" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className="chart__table">
          <caption id={captionId}>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeading}</th>
              <th scope="col">{valueHeading}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point, index) => (
              <tr key={`${index}:${point.label}`}>
                <th scope="row">{point.label}</th>
                <td>{point.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** A value per point over time (clicks per day), as a line. */
export function LineChart(props: ChartProps) {
  return <Chart kind="line" {...props} />;
}

/** Labelled values side by side (the most followed links), as horizontal bars, biggest first. */
export function BarChart(props: ChartProps) {
  return <Chart kind="bar" {...props} />;
}
