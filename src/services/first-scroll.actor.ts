// "The visitor has scrolled" as a machine event: sends `page.scroll` once, on the window's first
// scroll event (as the plugin's `$(window).one('scroll')`), then stops listening.
import { fromCallback, type EventObject } from 'xstate';

export const firstScroll = fromCallback<EventObject>(({ sendBack }) => {
  const onScroll = () => sendBack({ type: 'page.scroll' });
  window.addEventListener('scroll', onScroll, { passive: true, once: true });
  return () => window.removeEventListener('scroll', onScroll);
});
