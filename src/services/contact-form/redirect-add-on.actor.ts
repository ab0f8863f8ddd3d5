// The effects the redirectAddOn machine invokes: a FireScript handler, a new tab (which a
// browser may block), a class on the page's body while a popup is on.
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { runFireScript } from './redirect-add-on-scripts.service.ts';

export const fireScript = fromPromise<boolean, { handler: string }>(async ({ input }) => runFireScript(input.handler));

/**
 * Opens the URL in a new tab; resolves false when the browser blocked it. `noopener` would make
 * window.open answer null every time, so the new page's way back to this one is cut by hand.
 */
export const openTab = fromPromise<boolean, { url: string }>(async ({ input }) => {
  const tab = window.open(input.url, '_blank');
  if (tab === null) return false;
  tab.opener = null;
  return true;
});

/** The body carries `className` while the invoking state lasts (the add-on's template class). */
export const bodyClass = fromCallback<EventObject, { className: string }>(({ input }) => {
  document.body.classList.add(input.className);
  return () => document.body.classList.remove(input.className);
});
