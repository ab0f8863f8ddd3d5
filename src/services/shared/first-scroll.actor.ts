// "The visitor has scrolled" as machine events, for a machine that waits for it: `page.scrolled`
// at once if the page is already scrolled as the actor starts (scrolled before the application
// ran, arrived at an in-page link such as /#contact, or a position the browser restored), since
// no scroll event will come for that; otherwise `page.scroll` on the window's first scroll event
// (as the plugin's `$(window).one('scroll')`), then it stops listening.
import { fromCallback, type EventObject } from 'xstate';
import { getViewportService } from './viewport.service.ts';

export type FirstScrollEvent = { type: 'page.scrolled' } | { type: 'page.scroll' };

export const firstScroll = fromCallback<EventObject>(({ sendBack }) => {
  if (getViewportService().measure().scrollY > 0) {
    sendBack({ type: 'page.scrolled' } satisfies FirstScrollEvent);
    return undefined;
  }
  const onScroll = () => sendBack({ type: 'page.scroll' } satisfies FirstScrollEvent);
  window.addEventListener('scroll', onScroll, { passive: true, once: true });
  return () => window.removeEventListener('scroll', onScroll);
});
