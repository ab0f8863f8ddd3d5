// Scrolling the window to a section of the page, as an actor the menuScroll machine invokes,
// and what happens once it is there: the section takes the keyboard focus and the address bar
// shows its anchor, so Tab continues from the section, and back/forward and sharing work.
import { fromPromise } from 'xstate';
import { scrollWindowTo, type ScrollAnimation, type ScrollToOptions } from './scroll-to.service.ts';

export interface SectionScrollInput {
  /** The section's id (the link's anchor without "#"). */
  id: string;
  /** How far below the top of the window the section lands (the sticky header's room). */
  offset: number;
  /** Animation length in milliseconds; 0 jumps. */
  duration: number;
}

/** What the actor needs from the page; tests pass a stand-in. */
export interface SectionScrollPage {
  getElementById(id: string): Element | null;
  getScrollY(): number;
  scrollTo(options: ScrollToOptions): ScrollAnimation;
}

const browserPage = (): SectionScrollPage => ({
  getElementById: (id) => document.getElementById(id),
  getScrollY: () => window.scrollY,
  scrollTo: (options) => scrollWindowTo(options),
});

/** The window offset that puts the element's top `offset` pixels below the top of the window. */
export function sectionScrollTop(element: Element, offset: number, scrollY: number): number {
  return Math.max(0, Math.round(element.getBoundingClientRect().top + scrollY - offset));
}

export function createScrollToSection(getPage: () => SectionScrollPage) {
  return fromPromise<void, SectionScrollInput>(async ({ input, signal }) => {
    const page = getPage();
    const element = page.getElementById(input.id);
    if (!element) throw new Error(`there is no section #${input.id} on this page`);
    const animation = page.scrollTo({ top: sectionScrollTop(element, input.offset, page.getScrollY()), duration: input.duration });
    // Another link clicked mid-way stops this animation where it is; the next one starts there.
    signal.addEventListener('abort', () => animation.cancel());
    await animation.finished;
  });
}

/** Scrolls the page's window to a section. */
export const scrollToSection = createScrollToSection(browserPage);

/**
 * Moves the keyboard focus to the section without scrolling again. A section is not focusable
 * by itself: `tabindex="-1"` lets a script focus it while keeping it out of the Tab order.
 */
export function focusSection(id: string, page: Pick<Document, 'getElementById'> = document): void {
  const element = page.getElementById(id);
  if (!(element instanceof HTMLElement)) return;
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
}

/**
 * Shows the section's anchor in the address bar as a new history entry (back returns to where
 * the visitor was), without the browser's own jump to the anchor. Clicking the link of the
 * section already in the address bar adds no entry.
 */
export function showSectionInAddress(id: string, target: Pick<Window, 'location' | 'history'> = window): void {
  const hash = `#${id}`;
  if (target.location.hash === hash) return;
  target.history.pushState(target.history.state, '', hash);
}
