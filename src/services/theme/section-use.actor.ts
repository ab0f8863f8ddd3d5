// A prerendered section about to be used, as machine events: `section.use` on the first press,
// click, key or focus inside it, or a find-in-page match in a part hidden until found (`beforematch`);
// `section.target` when the address's #fragment names it or something in it, as the page
// starts or after an in-page link (a click on a link to it, or `hashchange`).
//
// The listeners are on the document, in the capture phase, so they hear an event before React
// does: React's own listener (on the root, below the document) stops a press, key or focus
// aimed at a part it has not hydrated yet from going further. Heard first, the event makes the
// section live, and React then hydrates it at once and delivers the event to it.
import { fromCallback, type EventObject } from 'xstate';

export type SectionUseEvent = { type: 'section.use' } | { type: 'section.target' };

export interface SectionUseInput {
  /** The section's element (null: nothing to watch, nothing reported). */
  getElement: () => Element | null;
}

const USE_EVENTS = ['pointerdown', 'keydown', 'focusin', 'beforematch'] as const;

/** Whether `hash` (`#faq-3`, with its `#`) names the section or an element inside it. */
export function isTargetIn(section: Element, hash: string): boolean {
  if (hash.length < 2) return false;
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return false;
  }
  const target = section.ownerDocument.getElementById(id);
  return target !== null && section.contains(target);
}

/** The in-page link a click followed, if any: an `<a href="#…">` to this very page. */
function inPageHash(event: Event, location: Location): string | undefined {
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement)) return undefined;
  return link.origin === location.origin && link.pathname === location.pathname && link.hash ? link.hash : undefined;
}

export const sectionUse = fromCallback<EventObject, SectionUseInput>(({ input, sendBack }) => {
  const section = input.getElement();
  if (!section) return undefined;
  const document = section.ownerDocument;
  const view = document.defaultView ?? window;
  if (isTargetIn(section, view.location.hash)) {
    sendBack({ type: 'section.target' } satisfies SectionUseEvent);
    return undefined;
  }
  const onUse = (event: Event) => {
    if (event.target instanceof Node && section.contains(event.target)) sendBack({ type: 'section.use' } satisfies SectionUseEvent);
  };
  // A click on a link to the section targets it; any other click inside it uses it (assistive
  // technology may click with no press before).
  const onClick = (event: Event) => {
    const hash = inPageHash(event, view.location);
    if (hash !== undefined && isTargetIn(section, hash)) sendBack({ type: 'section.target' } satisfies SectionUseEvent);
    else onUse(event);
  };
  const onHashChange = () => {
    if (isTargetIn(section, view.location.hash)) sendBack({ type: 'section.target' } satisfies SectionUseEvent);
  };
  for (const type of USE_EVENTS) document.addEventListener(type, onUse, { capture: true, passive: true });
  document.addEventListener('click', onClick, { capture: true, passive: true });
  view.addEventListener('hashchange', onHashChange);
  return () => {
    for (const type of USE_EVENTS) document.removeEventListener(type, onUse, { capture: true });
    document.removeEventListener('click', onClick, { capture: true });
    view.removeEventListener('hashchange', onHashChange);
  };
});
