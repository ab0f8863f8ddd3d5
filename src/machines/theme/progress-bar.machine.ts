// A progress bar that fills once: it waits for the visitor's motion preference, then for the bar
// to come within MOTION_NEAR_MARGIN_PX of the viewport, then fills to its target. The fill itself
// is a CSS transition of `transform` (smooth on the compositor, no layout); the machine holds
// `filling` for the transition's duration. Under reduced motion the bar shows its target at once.
// The prerendered page shows the target (`pending`), and the accessible value is always the
// target: only the picture of it moves.
import { setup } from 'xstate';
import { intersectionEvents, type IntersectionEvent } from '../../services/shared/intersection.actor.ts';
import { reducedMotionEvents, type MotionEvent } from '../../services/shared/reduced-motion.actor.ts';
import { MOTION_NEAR_MARGIN_PX, PROGRESS_FILL_DURATION_MS } from '../shared/theme.constants.ts';

export interface ProgressBarInput {
  /** The bar's element (the view's ref), watched for nearness to the viewport. */
  getElement: () => Element | null;
}

export type ProgressBarEvent = MotionEvent | IntersectionEvent;

export const progressBarMachine = setup({
  types: {
    context: {} as ProgressBarInput,
    events: {} as ProgressBarEvent,
    input: {} as ProgressBarInput,
  },
  actors: {
    reducedMotion: reducedMotionEvents,
    intersection: intersectionEvents,
  },
  delays: {
    fillDuration: PROGRESS_FILL_DURATION_MS,
  },
}).createMachine({
  id: 'progressBar',
  context: ({ input }) => ({ getElement: input.getElement }),
  invoke: { id: 'reducedMotion', src: 'reducedMotion' },
  initial: 'pending',
  states: {
    // As prerendered: filled to the target, until the motion preference is known.
    pending: {
      tags: ['atTarget'],
      on: {
        'motion.reduce': 'reduced',
        'motion.allow': 'waiting',
      },
    },
    // Empty, ready to fill, until the bar is near the viewport.
    waiting: {
      invoke: { id: 'intersection', src: 'intersection', input: ({ context }) => ({ getElement: context.getElement, marginPx: MOTION_NEAR_MARGIN_PX }) },
      on: {
        'element.near': 'filling',
        'motion.reduce': 'reduced',
      },
    },
    filling: {
      tags: ['atTarget', 'animating'],
      after: { fillDuration: 'filled' },
      on: { 'motion.reduce': 'reduced' },
    },
    filled: { type: 'final', tags: ['atTarget'] },
    reduced: { type: 'final', tags: ['atTarget'] },
  },
});
