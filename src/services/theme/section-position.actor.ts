// Which section of the page is under the header, as machine events: the scrollSpy machine
// invokes this callback actor (as `src: 'sectionPosition'`) and hears `section.enter` when a
// section reaches the reading line and `section.leave` when the line is over none of them.
//
// It rides on the shared viewport service (one passive scroll listener, one delivery per frame)
// and reads the sections' boxes only then: a handful of reads after a scroll, no writes.
import { fromCallback, type EventObject } from 'xstate';
import { getViewportService, type ViewportService } from '../shared/viewport.service.ts';

export type SectionPositionEvent = { type: 'section.enter'; id: string } | { type: 'section.leave' };

export interface SectionPositionInput {
  /** The sections to watch, by id; ids missing from the page are skipped. */
  ids: readonly string[];
  /** The reading line, in CSS pixels from the top of the window. */
  line: number;
}

export interface SectionBox {
  id: string;
  top: number;
  bottom: number;
}

/** The section whose box spans the line (the first, should two overlap it), or null. */
export function sectionAtLine(boxes: readonly SectionBox[], line: number): string | null {
  return boxes.find((box) => box.top <= line && box.bottom > line)?.id ?? null;
}

/** What the actor needs from the page; tests pass stand-ins. */
export interface SectionPositionPage {
  viewport: Pick<ViewportService, 'subscribe'>;
  getElementById(id: string): Element | null;
}

export function createSectionPositionEvents(getPage: () => SectionPositionPage) {
  return fromCallback<EventObject, SectionPositionInput>(({ input, sendBack }) => {
    const page = getPage();
    // Nothing is marked until a section is under the line, so a page opening above them all
    // (or without them) sends nothing.
    let current: string | null = null;
    const check = () => {
      const boxes = input.ids.flatMap((id) => {
        const rect = page.getElementById(id)?.getBoundingClientRect();
        return rect ? [{ id, top: rect.top, bottom: rect.bottom }] : [];
      });
      const id = sectionAtLine(boxes, input.line);
      if (id === current) return;
      current = id;
      sendBack(id === null ? { type: 'section.leave' } : { type: 'section.enter', id });
    };
    // The page may open scrolled (a reload, a link to an anchor): say where it is at once.
    check();
    return page.viewport.subscribe(check);
  });
}

/** The page's section position events, from the shared viewport service. */
export const sectionPositionEvents = createSectionPositionEvents(() => ({
  viewport: getViewportService(),
  getElementById: (id) => document.getElementById(id),
}));
