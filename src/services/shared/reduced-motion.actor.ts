// The visitor's motion preference as machine events. Machines that animate or autoplay invoke
// this callback actor (as `src: 'reducedMotion'`) and receive `motion.reduce` or `motion.allow`:
// once at start (the current preference) and again whenever the operating system setting
// changes, so a visitor who turns on "reduce motion" mid-visit stops the animation at once.
import { fromCallback, type EventObject } from 'xstate';

export type MotionEvent = { type: 'motion.reduce' } | { type: 'motion.allow' };

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** The window-like surface the actor needs; tests pass a stand-in. */
export type MotionWindow = Pick<Window, 'matchMedia'>;

function eventFor(reduce: boolean): MotionEvent {
  return reduce ? { type: 'motion.reduce' } : { type: 'motion.allow' };
}

/** Builds the callback actor over a given window. Without matchMedia, motion is allowed. */
export function createReducedMotionEvents(getWindow: () => MotionWindow | undefined) {
  return fromCallback<EventObject, void>(({ sendBack }) => {
    const target = getWindow();
    if (!target || typeof target.matchMedia !== 'function') {
      sendBack(eventFor(false));
      return undefined;
    }
    const query = target.matchMedia(REDUCED_MOTION_QUERY);
    sendBack(eventFor(query.matches));
    const onChange = (change: MediaQueryListEvent) => sendBack(eventFor(change.matches));
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  });
}

/** The page's motion preference events. */
export const reducedMotionEvents = createReducedMotionEvents(() => (typeof window === 'undefined' ? undefined : window));
