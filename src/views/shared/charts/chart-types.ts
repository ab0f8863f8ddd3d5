// The numbers a chart draws (README.md "The console", charts): one value per labelled point.
// `label` is what the table and screen readers read; `axisLabel`, when given, is the shorter
// text under the drawing's axis (a day's "5 Oct" against the table's "Mon 5 Oct 2026").

export interface ChartPoint {
  label: string;
  axisLabel?: string;
  value: number;
}

export type ChartKind = 'line' | 'bar';

export interface ChartDrawingProps {
  kind: ChartKind;
  points: readonly ChartPoint[];
}
