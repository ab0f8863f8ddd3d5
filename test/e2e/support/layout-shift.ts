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

/** A shift as recorded: its score, when, and what moved (classes, boxes before and after). */
interface RecordedShift {
  value: number;
  startTime: number;
  hadRecentInput: boolean;
  moved: string;
}

declare global {
  interface Window {
    layoutShiftRecord: RecordedShift[];
    layoutShiftObserver: PerformanceObserver;
    recordLayoutShiftEntries: (entries: PerformanceEntryList) => void;
    lastPressAt: number | undefined;
  }
}

/**
 * Records every layout shift of the page from its start, each with its score, when, and the
 * classes of what moved with their boxes before and after (so a failure says where it comes
 * from); call before `goto`. Returns the reader of the shifts no input caused.
 */
export async function recordLayoutShifts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    window.layoutShiftRecord = [];
    window.recordLayoutShiftEntries = (entries) => {
      for (const entry of entries as LayoutShift[]) {
        const box = (rect: DOMRectReadOnly) => `[${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}×${Math.round(rect.height)}]`;
        const moved = entry.sources.map((source) => {
          const element = source.node instanceof Element ? source.node : source.node?.parentElement;
          return `${element?.className ?? '?'} ${box(source.previousRect)} → ${box(source.currentRect)}`;
        });
        window.layoutShiftRecord.push({ value: entry.value, startTime: entry.startTime, hadRecentInput: entry.hadRecentInput, moved: moved.join('; ') });
      }
    };
    window.layoutShiftObserver = new PerformanceObserver((list) => window.recordLayoutShiftEntries(list.getEntries()));
    window.layoutShiftObserver.observe({ type: 'layout-shift', buffered: true });
  });
  return () =>
    page.evaluate(() =>
      window.layoutShiftRecord.filter((shift) => !shift.hadRecentInput).map((shift) => `${shift.value} at ${Math.round(shift.startTime)} ms: ${shift.moved}`),
    );
}

/**
 * What `press` (a click or key press, and whatever the test does meanwhile) shifts from the
 * press to `ms` after it, as Core Web Vitals counts it: the sum of the shifts no input caused
 * (a shift within 500 ms of the press is not counted), and each of them, times from the press.
 * The page must record its shifts (`recordLayoutShifts`).
 */
export async function layoutShiftAfterPress(page: Page, press: () => Promise<unknown>, ms = 2000): Promise<{ score: number; shifts: string[] }> {
  await page.evaluate(() => {
    window.lastPressAt = undefined;
    const mark = (event: Event) => {
      window.lastPressAt ??= event.timeStamp;
    };
    addEventListener('pointerdown', mark, { capture: true, once: true });
    addEventListener('keydown', mark, { capture: true, once: true });
  });
  await press();
  return page.evaluate(async (ms) => {
    const pressedAt = window.lastPressAt;
    if (pressedAt === undefined) throw new Error('no press was seen');
    // A frame past the window; the shifts not yet reported are taken at once.
    await new Promise((resolve) => setTimeout(resolve, pressedAt + ms + 100 - performance.now()));
    await new Promise(requestAnimationFrame);
    window.recordLayoutShiftEntries(window.layoutShiftObserver.takeRecords());
    const shifts = window.layoutShiftRecord.filter((shift) => !shift.hadRecentInput && shift.startTime >= pressedAt && shift.startTime <= pressedAt + ms);
    return {
      score: shifts.reduce((sum, shift) => sum + shift.value, 0),
      shifts: shifts.map((shift) => `${shift.value} at ${Math.round(shift.startTime - pressedAt)} ms: ${shift.moved}`),
    };
  }, ms);
}
