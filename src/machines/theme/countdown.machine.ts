// A countdown to a moment from the content. The prerendered page shows the date and empty
// digits (the server's clock is not the visitor's, and the same first render on both sides
// avoids a hydration mismatch); in the browser the clock actor ticks every COUNTDOWN_TICK_MS
// and the digits follow until the moment passes. The reduced-motion preference does not stop
// it: a countdown is information, nothing on the page moves.
import { assertEvent, assign, setup } from 'xstate';
import { clock, type ClockTickEvent } from '../../services/theme/clock.actor.ts';
import { COUNTDOWN_TICK_MS } from '../shared/theme.constants.ts';

export interface CountdownInput {
  /** The moment counted down to, in milliseconds since the epoch. */
  target: number;
}

export interface CountdownContext {
  target: number;
  /** The clock's last reading; null until the first tick. */
  now: number | null;
}

export type CountdownEvent = ClockTickEvent;

export const countdownMachine = setup({
  types: {
    context: {} as CountdownContext,
    events: {} as CountdownEvent,
    input: {} as CountdownInput,
  },
  actors: { clock },
  actions: {
    storeTime: assign(({ event }) => {
      assertEvent(event, 'clock.tick');
      return { now: event.now };
    }),
  },
  guards: {
    isDue: ({ context }) => context.now !== null && context.now >= context.target,
    hasReading: ({ context }) => context.now !== null,
  },
}).createMachine({
  id: 'countdown',
  context: ({ input }) => {
    if (!Number.isFinite(input.target)) throw new Error(`countdown: input.target must be a time in milliseconds (got ${String(input.target)})`);
    return { target: input.target, now: null };
  },
  initial: 'counting',
  states: {
    counting: {
      invoke: { id: 'clock', src: 'clock', input: { intervalMs: COUNTDOWN_TICK_MS } },
      on: { 'clock.tick': { actions: 'storeTime' } },
      initial: 'scheduled',
      states: {
        // The prerendered state: the date, and digits waiting for the first tick.
        scheduled: {
          always: [
            { guard: 'isDue', target: '#countdown.finished' },
            { guard: 'hasReading', target: 'running' },
          ],
        },
        running: {
          always: { guard: 'isDue', target: '#countdown.finished' },
        },
      },
    },
    // The moment has passed: the clock stops and the content's closing copy is shown.
    finished: {},
  },
});
