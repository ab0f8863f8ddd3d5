// Touch swipes as machine events: a machine invokes this callback actor (as `src: 'edgeSwipe'`)
// and receives `swipe.open` (a swipe in from the panel's edge) and `swipe.close` (a swipe back
// toward it), as classifySwipe reads each finished touch. Listeners are passive: a swipe never
// blocks the page's own scrolling.
import { fromCallback, type EventObject } from 'xstate';
import { classifySwipe, type PanelSide } from './edge-swipe.service.ts';

export type EdgeSwipeEvent = { type: 'swipe.open' } | { type: 'swipe.close' };

export interface EdgeSwipeInput {
  side: PanelSide;
}

export const edgeSwipe = fromCallback<EventObject, EdgeSwipeInput>(({ input, sendBack }) => {
  let start: { x: number; y: number; time: number } | null = null;
  const onStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    start = event.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY, time: event.timeStamp } : null;
  };
  const onEnd = (event: TouchEvent) => {
    const touch = event.changedTouches[0];
    if (start === null || !touch) return;
    const track = { startX: start.x, startY: start.y, startTime: start.time, endX: touch.clientX, endY: touch.clientY, endTime: event.timeStamp };
    start = null;
    const swipe = classifySwipe(track, { width: window.innerWidth, side: input.side });
    if (swipe !== null) sendBack({ type: swipe === 'open' ? 'swipe.open' : 'swipe.close' } satisfies EdgeSwipeEvent);
  };
  window.addEventListener('touchstart', onStart, { passive: true });
  window.addEventListener('touchend', onEnd, { passive: true });
  return () => {
    window.removeEventListener('touchstart', onStart);
    window.removeEventListener('touchend', onEnd);
  };
});
