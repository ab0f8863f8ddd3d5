// Time for a frame-by-frame animation as machine events: a machine invokes this callback actor
// (as `src: 'animationFrames'`) with a duration and receives `frame.tick` with the elapsed time
// on every animation frame until the duration has passed (the last tick says exactly
// `elapsed: duration`, so the machine always lands on its final value). Without
// requestAnimationFrame (or a zero duration) the only tick is the last one.
import { fromCallback, type EventObject } from 'xstate';

export interface FrameTickEvent {
  type: 'frame.tick';
  elapsed: number;
}

export interface AnimationFramesInput {
  duration: number;
}

export interface FrameClock {
  requestAnimationFrame?: (callback: (time: number) => void) => number;
  cancelAnimationFrame?: (handle: number) => void;
  now: () => number;
}

export function createAnimationFrames(getClock: () => FrameClock) {
  return fromCallback<EventObject, AnimationFramesInput>(({ input, sendBack }) => {
    const { duration } = input;
    const tick = (elapsed: number) => sendBack({ type: 'frame.tick', elapsed } satisfies FrameTickEvent);
    const clock = getClock();
    const { requestAnimationFrame: request, cancelAnimationFrame: cancel } = clock;
    if (!request || !cancel || !(duration > 0)) {
      tick(Math.max(0, duration));
      return undefined;
    }
    const start = clock.now();
    let handle = 0;
    const frame = () => {
      const elapsed = Math.min(duration, clock.now() - start);
      tick(elapsed);
      if (elapsed < duration) handle = request(frame);
    };
    handle = request(frame);
    return () => cancel(handle);
  });
}

export const animationFrames = createAnimationFrames(() =>
  typeof window === 'undefined'
    ? { now: () => Date.now() }
    : {
        requestAnimationFrame: window.requestAnimationFrame?.bind(window),
        cancelAnimationFrame: window.cancelAnimationFrame?.bind(window),
        now: () => performance.now(),
      },
);
