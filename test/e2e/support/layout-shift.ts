// The Layout Instability API's entry, which TypeScript's DOM library does not describe yet
// (https://wicg.github.io/layout-instability/): what the browser reports for a layout shift.

export interface LayoutShiftAttribution {
  node: Node | null;
  previousRect: DOMRectReadOnly;
  currentRect: DOMRectReadOnly;
}

export interface LayoutShift extends PerformanceEntry {
  value: number;
  /** A shift within 500 ms of a click, tap or key press: expected, not counted. */
  hadRecentInput: boolean;
  sources: LayoutShiftAttribution[];
}
