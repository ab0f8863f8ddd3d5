// The testimonials text slider (WAI-ARIA APG carousel): one quote at a time, moving on by itself
// every TEXT_SLIDER_INTERVAL_MS with a fade, held while the pointer is over it or keyboard focus is
// inside it, stopped and started by the visitor's rotation button, and never moving by itself for
// a visitor who asked for reduced motion.
//
// It starts in `listing`, which the view renders exactly as the prerendered page (every quote in
// a plain list), so hydration matches; the slider takes over when the motion preference arrives,
// which only happens once the actor runs in the browser.
import { assertEvent, assign, setup } from 'xstate';
import { reducedMotionEvents, type MotionEvent } from '../../services/shared/reduced-motion.actor.ts';
import { TEXT_SLIDER_INTERVAL_MS } from '../shared/theme.constants.ts';

export interface TextSliderInput {
  /** How many slides there are (at least one). */
  count: number;
}

export interface TextSliderContext {
  count: number;
  /** The slide on show, 0-based. */
  index: number;
  /** The pointer is over the slider. */
  hovered: boolean;
  /** Keyboard focus is on something inside the slider. */
  focused: boolean;
}

export type TextSliderEvent =
  | MotionEvent
  | { type: 'slide.next' }
  | { type: 'slide.previous' }
  | { type: 'rotation.pause' }
  | { type: 'rotation.play' }
  | { type: 'pointer.enter' }
  | { type: 'pointer.leave' }
  | { type: 'focus.enter' }
  | { type: 'focus.leave' };

export const textSliderMachine = setup({
  types: {
    input: {} as TextSliderInput,
    context: {} as TextSliderContext,
    events: {} as TextSliderEvent,
  },
  actors: {
    reducedMotion: reducedMotionEvents,
  },
  actions: {
    showNext: assign(({ context }) => ({ index: (context.index + 1) % context.count })),
    showPrevious: assign(({ context }) => ({ index: (context.index - 1 + context.count) % context.count })),
    storePointer: assign(({ event }) => {
      assertEvent(event, ['pointer.enter', 'pointer.leave']);
      return { hovered: event.type === 'pointer.enter' };
    }),
    // Pressing play is the visitor's wish to see it move: the focus it leaves on the button no
    // longer holds it (the APG carousel resumes on its rotation control). The pointer still does.
    releaseFocusHold: assign({ focused: false }),
    storeFocus: assign(({ event }) => {
      assertEvent(event, ['focus.enter', 'focus.leave']);
      return { focused: event.type === 'focus.enter' };
    }),
  },
  // Complementary guards are named (not `not(...)`) so the exported JSON shows every guard.
  guards: {
    isHeld: ({ context }) => context.hovered || context.focused,
    isReleased: ({ context }) => !context.hovered && !context.focused,
  },
  delays: {
    slideInterval: TEXT_SLIDER_INTERVAL_MS,
  },
}).createMachine({
  id: 'textSlider',
  context: ({ input }) => ({ count: Math.max(1, input.count), index: 0, hovered: false, focused: false }),
  invoke: { id: 'reducedMotion', src: 'reducedMotion' },
  initial: 'listing',
  states: {
    // Every quote in a list, as in the prerendered HTML (and with JavaScript off).
    listing: {
      on: {
        'motion.allow': 'slider.rotating',
        'motion.reduce': 'slider.still',
      },
    },
    slider: {
      tags: ['slider'],
      on: {
        'slide.next': { actions: 'showNext' },
        'slide.previous': { actions: 'showPrevious' },
        'pointer.enter': { actions: 'storePointer' },
        'pointer.leave': { actions: 'storePointer' },
        'focus.enter': { actions: 'storeFocus' },
        'focus.leave': { actions: 'storeFocus' },
      },
      initial: 'rotating',
      states: {
        // Automatic rotation is on (though it may be held): slides fade.
        rotating: {
          tags: ['fade', 'rotation'],
          on: { 'motion.reduce': 'still' },
          initial: 'playing',
          states: {
            // Moving on by itself; the screen reader is not interrupted (aria-live off).
            playing: {
              tags: ['autoplay'],
              always: { guard: 'isHeld', target: 'held' },
              after: { slideInterval: { target: 'playing', reenter: true, actions: 'showNext' } },
              on: {
                // A fresh interval after the visitor's own move, so the next slide does not follow at once.
                'slide.next': { target: 'playing', reenter: true, actions: 'showNext' },
                'slide.previous': { target: 'playing', reenter: true, actions: 'showPrevious' },
                'rotation.pause': 'stopped',
              },
            },
            // The pointer or keyboard focus is on the slider: it waits, and moves on when both leave.
            held: {
              always: { guard: 'isReleased', target: 'playing' },
              on: { 'rotation.pause': 'stopped' },
            },
            // The visitor stopped the rotation: only their play button starts it again.
            stopped: {
              on: { 'rotation.play': { target: 'playing', actions: 'releaseFocusHold' } },
            },
          },
        },
        // Reduced motion: no automatic rotation and no fade; the visitor moves by hand.
        still: {
          on: { 'motion.allow': 'rotating' },
        },
      },
    },
  },
});
