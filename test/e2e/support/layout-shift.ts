// The Layout Instability API's entry, which TypeScript's DOM library does not describe yet
// (https://wicg.github.io/layout-instability/): what the browser reports for a layout shift;
// and a recorder of the shifts of a page.
import type { Page } from 'playwright-core';

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

declare global {
  interface Window {
    recordedLayoutShifts: string[];
  }
}

/**
 * Records every layout shift of the page from its start that no input caused, each as its score,
 * when, and the classes of what moved with their boxes before and after (so a failure says
 * where it comes from); call before `goto`. Returns the reader of the record.
 */
export async function recordLayoutShifts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    window.recordedLayoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShift[]) {
        if (entry.hadRecentInput) continue;
        const box = (rect: DOMRectReadOnly) => `[${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}×${Math.round(rect.height)}]`;
        const moved = entry.sources.map((source) => {
          const element = source.node instanceof Element ? source.node : source.node?.parentElement;
          return `${element?.className ?? '?'} ${box(source.previousRect)} → ${box(source.currentRect)}`;
        });
        window.recordedLayoutShifts.push(`${entry.value} at ${Math.round(entry.startTime)} ms: ${moved.join('; ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => window.recordedLayoutShifts);
}
