// The back-to-top button: hidden near the top of the page, visible once the visitor has
// scrolled past the threshold; a click animates the page back to the top.
import { assertEvent, assign, setup } from 'xstate';
import { viewportEvents, type ViewportEvent } from '../../services/theme/viewport-events.actor.ts';
import { scrollWindow } from '../../services/theme/scroll-window.actor.ts';
import { BACK_TO_TOP_SCROLL_DURATION_MS, BACK_TO_TOP_THRESHOLD_PX } from '../shared/theme.constants.ts';

export interface BackToTopContext {
  /** Last scroll offset reported by the viewport actor. */
  scrollY: number;
}

export type BackToTopEvent = ViewportEvent | { type: 'button.click' };

export const backToTopMachine = setup({
  types: {
    context: {} as BackToTopContext,
    events: {} as BackToTopEvent,
  },
  actors: {
    viewport: viewportEvents,
    scrollWindow,
  },
  actions: {
    storeScrollPosition: assign(({ event }) => {
      assertEvent(event, 'scroll.update');
      return { scrollY: event.scrollY };
    }),
  },
  // Complementary guards are named (not `not(...)`) so the config stays plain data: the
  // exported JSON and the Stately visualiser show every guard.
  guards: {
    isPastThreshold: ({ context }) => context.scrollY > BACK_TO_TOP_THRESHOLD_PX,
    isWithinThreshold: ({ context }) => context.scrollY <= BACK_TO_TOP_THRESHOLD_PX,
  },
  delays: {
    scrollDuration: BACK_TO_TOP_SCROLL_DURATION_MS,
  },
}).createMachine({
  id: 'backToTop',
  // Storing the position and deciding with `always` (rather than guarding the event) lets the
  // same guard decide after a scroll update and when the scroll animation ends.
  context: { scrollY: 0 },
  invoke: { id: 'viewport', src: 'viewport' },
  on: {
    'scroll.update': { actions: 'storeScrollPosition' },
  },
  initial: 'hidden',
  states: {
    hidden: {
      always: { guard: 'isPastThreshold', target: 'visible' },
    },
    visible: {
      tags: ['shown'],
      always: { guard: 'isWithinThreshold', target: 'hidden' },
      on: { 'button.click': 'scrolling' },
    },
    // The button stays on screen while the page scrolls; clicks are ignored until it is done.
    scrolling: {
      tags: ['shown'],
      invoke: {
        id: 'scrollWindow',
        src: 'scrollWindow',
        input: { top: 0, duration: BACK_TO_TOP_SCROLL_DURATION_MS },
      },
      // Back to `hidden`, whose guard shows the button again if the page is not at the top.
      after: { scrollDuration: 'hidden' },
    },
  },
});
