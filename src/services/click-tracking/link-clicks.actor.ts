// Every link a visitor follows, as a machine event: one listener for `click` and `auxclick` on
// the document (a middle click opens a link too; a right click does not follow it) sends
// `link.followed` with the link as Track The Click names it and the page's URL at that moment.
import { fromCallback } from 'xstate';
import { linkAround, trackedLinkOf, type TrackedLink } from '../../validation/click-tracking/tracked-link.ts';

export type LinkFollowedEvent = { type: 'link.followed'; link: TrackedLink; location: string };

/** The middle button's `MouseEvent.button`. */
const MIDDLE_BUTTON = 1;

export const linkClicks = fromCallback<LinkFollowedEvent>(({ sendBack }) => {
  const onClick = (event: MouseEvent) => {
    if (event.type === 'auxclick' && event.button !== MIDDLE_BUTTON) return;
    const element = linkAround(event.target);
    const link = element && trackedLinkOf(element);
    if (link) sendBack({ type: 'link.followed', link, location: window.location.href });
  };
  // Capture: a handler that stops the click's propagation (a menu, a lightbox) still lets it count.
  document.addEventListener('click', onClick, { capture: true });
  document.addEventListener('auxclick', onClick, { capture: true });
  return () => {
    document.removeEventListener('click', onClick, { capture: true });
    document.removeEventListener('auxclick', onClick, { capture: true });
  };
});
