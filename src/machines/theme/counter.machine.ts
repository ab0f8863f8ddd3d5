// A key figure that counts up once: it waits for the visitor's motion preference, then for the
// counter to come within MOTION_NEAR_MARGIN_PX of the viewport, then counts from 0 to its value
// over COUNTER_DURATION_MS (easing out) and stops on exactly its value. Under reduced motion it
// shows the value at once and never animates. The prerendered page shows the value (`pending`).
import { assertEvent, assign, setup } from 'xstate';
import { animationFrames, type FrameTickEvent } from '../../services/theme/animation-frames.actor.ts';
import { intersectionEvents, type IntersectionEvent } from '../../services/shared/intersection.actor.ts';
import { reducedMotionEvents, type MotionEvent } from '../../services/shared/reduced-motion.actor.ts';
import { COUNTER_DURATION_MS, MOTION_NEAR_MARGIN_PX } from '../shared/theme.constants.ts';

export interface CounterInput {
  /** The final number (content); the count ends on it. */
  value: number;
  /** The counter's element (the view's ref), watched for nearness to the viewport. */
  getElement: () => Element | null;
}

export interface CounterContext extends CounterInput {
  /** The number on screen now. */
  shown: number;
  /** Time into the count (ms). */
  elapsed: number;
}

export type CounterEvent = MotionEvent | IntersectionEvent | FrameTickEvent;

/** Fast at first, gently settling on the value. */
export function easeOutCubic(progress: number): number {
  const clamped = Math.min(1, Math.max(0, progress));
  return 1 - (1 - clamped) ** 3;
}

/** The number shown `elapsed` ms into a count up to `value`: whole numbers, exactly `value` at the end. */
export function countAt(value: number, elapsed: number, duration = COUNTER_DURATION_MS): number {
  if (elapsed >= duration) return value;
  return Math.round(value * easeOutCubic(elapsed / duration));
}

export const counterMachine = setup({
  types: {
    context: {} as CounterContext,
    events: {} as CounterEvent,
    input: {} as CounterInput,
  },
  actors: {
    reducedMotion: reducedMotionEvents,
    intersection: intersectionEvents,
    animationFrames,
  },
  actions: {
    showZero: assign({ shown: 0, elapsed: 0 }),
    showValue: assign(({ context }) => ({ shown: context.value, elapsed: COUNTER_DURATION_MS })),
    storeProgress: assign(({ context, event }) => {
      assertEvent(event, 'frame.tick');
      return { elapsed: event.elapsed, shown: countAt(context.value, event.elapsed) };
    }),
  },
  guards: {
    isFinished: ({ context }) => context.elapsed >= COUNTER_DURATION_MS,
  },
}).createMachine({
  id: 'counter',
  context: ({ input }) => ({ ...input, shown: input.value, elapsed: 0 }),
  invoke: { id: 'reducedMotion', src: 'reducedMotion' },
  initial: 'pending',
  states: {
    // As prerendered: the final value, until the motion preference is known (at once in a browser).
    pending: {
      on: {
        'motion.reduce': 'reduced',
        'motion.allow': 'waiting',
      },
    },
    // Ready to count (0 on screen, the final width kept by the view) until the counter is near.
    waiting: {
      tags: ['animating'],
      entry: 'showZero',
      invoke: { id: 'intersection', src: 'intersection', input: ({ context }) => ({ getElement: context.getElement, marginPx: MOTION_NEAR_MARGIN_PX }) },
      on: {
        'element.near': 'counting',
        'motion.reduce': 'reduced',
      },
    },
    counting: {
      tags: ['animating'],
      invoke: { id: 'animationFrames', src: 'animationFrames', input: { duration: COUNTER_DURATION_MS } },
      on: {
        'frame.tick': { actions: 'storeProgress' },
        // The visitor asked for less motion mid-count: the value, now.
        'motion.reduce': 'reduced',
      },
      always: { guard: 'isFinished', target: 'counted' },
    },
    // Counted once; it never starts again.
    counted: { type: 'final' },
    reduced: { type: 'final', entry: 'showValue' },
  },
});
