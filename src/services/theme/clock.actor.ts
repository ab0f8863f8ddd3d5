// The wall clock as machine events: `clock.tick` with the current time right away and then on
// every boundary of the interval (every whole second for a 1000 ms interval), so a countdown to
// a whole second never shows a digit late or skips one, whatever the timer drift.
import { fromCallback } from 'xstate';

export interface ClockInput {
  intervalMs: number;
}

export interface ClockTickEvent {
  type: 'clock.tick';
  /** Milliseconds since the epoch (Date.now()). */
  now: number;
}

export const clock = fromCallback<{ type: 'clock.stop' }, ClockInput>(({ input, sendBack }) => {
  if (!Number.isFinite(input.intervalMs) || input.intervalMs <= 0) {
    throw new Error(`clock: intervalMs must be a positive number of milliseconds (got ${String(input.intervalMs)})`);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = () => {
    const now = Date.now();
    sendBack({ type: 'clock.tick', now } satisfies ClockTickEvent);
    timer = setTimeout(tick, input.intervalMs - (now % input.intervalMs));
  };
  tick();
  return () => clearTimeout(timer);
});
