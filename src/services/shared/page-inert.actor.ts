// Everything on the page except one element made `inert` while an actor runs: a modal part of
// the page (the open mobile menu) keeps the keyboard focus and the screen reader's attention to
// itself with no focus-trap library. Invoked as `src: 'pageInert'` by the state that is modal;
// leaving the state gives the page back exactly as it was.
import { fromCallback, type EventObject } from 'xstate';

export interface PageInertInput {
  /** The id of the element that stays usable (with everything inside it). */
  keepId: string;
}

/**
 * Makes every sibling of the element and of each of its ancestors up to <body> inert; returns
 * the undo. Elements that were inert already are left alone, and stay inert after the undo.
 */
export function makeRestInert(keep: Element): () => void {
  const made: Element[] = [];
  for (let node: Element = keep; node.parentElement && node !== node.ownerDocument.body; node = node.parentElement) {
    for (const sibling of node.parentElement.children) {
      if (sibling === node || sibling.hasAttribute('inert')) continue;
      sibling.setAttribute('inert', '');
      made.push(sibling);
    }
  }
  return () => {
    for (const element of made) element.removeAttribute('inert');
  };
}

export function createPageInert(getDocument: () => Pick<Document, 'getElementById'>) {
  return fromCallback<EventObject, PageInertInput>(({ input }) => {
    const keep = getDocument().getElementById(input.keepId);
    // Nothing to keep (the element is not rendered): leave the page usable rather than dead.
    if (!keep) return undefined;
    return makeRestInert(keep);
  });
}

/** The page's inert actor. */
export const pageInert = createPageInert(() => document);
