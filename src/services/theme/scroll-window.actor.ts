// Window scrolling as an actor a machine invokes: the animation runs while the invoking state is
// active and ends with it.
import { fromCallback, type EventObject } from 'xstate';
import { scrollWindowTo } from './scroll-to.service.ts';

export interface ScrollWindowInput {
  top: number;
  duration: number;
}

export const scrollWindow = fromCallback<EventObject, ScrollWindowInput>(({ input }) => {
  const animation = scrollWindowTo(input);
  // The invoking state ends when the duration is over (a machine delay), which can be a moment
  // before the last animation frame runs: finishing lands exactly on the target instead of a
  // pixel or two short of it.
  return () => animation.finish();
});
