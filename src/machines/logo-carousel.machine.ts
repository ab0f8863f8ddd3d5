// The client logo carousel. Splide (through @splidejs/react-splide) moves the logos; this machine
// decides whether it may: it loads the chunk with the react-splide component, has the view render
// it in place of the prerendered list, takes the Splide instance the component hands back when it
// mounts, plays it unless the visitor asked for reduced motion or stopped it with the rotation
// button, and follows Splide's own hold while the pointer is over the carousel or focus is inside it.
//
// It starts in `loading`, which the view renders exactly as the prerendered page (a plain list of
// logos), so hydration matches; Splide arrives once the actor runs in the browser.
import { assertEvent, assign, sendTo, setup } from 'xstate';
import { reducedMotionEvents, type MotionEvent } from '../services/reduced-motion.actor.ts';
import {
  loadSplideCarousel,
  splideCarousel,
  type SplideCarouselComponent,
  type SplideCarouselLoadInput,
  type SplideHandle,
  type SplideReport,
} from '../services/splide-carousel.actor.ts';

export interface LogoCarouselInput extends SplideCarouselLoadInput {
  /** Id of the carousel's root element. */
  rootId: string;
  /** The carousel's accessible name. */
  label: string;
}

export interface LogoCarouselContext extends LogoCarouselInput {
  /** The react-splide component, once its chunk has loaded. */
  carousel: SplideCarouselComponent | undefined;
  /** The Splide instance the component handed back when it mounted. */
  splide: SplideHandle | undefined;
  /**
   * The visitor prefers reduced motion. Assumed until the preference is known, so nothing
   * moves before it is.
   */
  reduced: boolean;
}

export type LogoCarouselEvent =
  | MotionEvent
  | SplideReport
  | { type: 'rotation.pause' }
  | { type: 'rotation.play' }
  // The view's error boundary caught an error thrown while Splide mounted or ran (a missing
  // browser API, say): the page keeps the logos instead of losing everything around them.
  | { type: 'carousel.error' };

export const logoCarouselMachine = setup({
  types: {
    input: {} as LogoCarouselInput,
    context: {} as LogoCarouselContext,
    events: {} as LogoCarouselEvent,
  },
  actors: {
    reducedMotion: reducedMotionEvents,
    loadSplideCarousel,
    splideCarousel,
  },
  actions: {
    storeMotion: assign(({ event }) => {
      assertEvent(event, ['motion.reduce', 'motion.allow']);
      return { reduced: event.type === 'motion.reduce' };
    }),
    // The component arrives wrapped: a function-typed param would read as a params function.
    storeCarousel: assign((_, loaded: { carousel: SplideCarouselComponent }) => ({ carousel: loaded.carousel })),
    storeSplide: assign(({ event }) => {
      assertEvent(event, 'carousel.mounted');
      return { splide: event.splide };
    }),
    playSplide: sendTo('splideCarousel', { type: 'autoplay.play' }),
    pauseSplide: sendTo('splideCarousel', { type: 'autoplay.pause' }),
  },
  guards: {
    isMotionReduced: ({ context }) => context.reduced,
    isMotionAllowed: ({ context }) => !context.reduced,
  },
}).createMachine({
  id: 'logoCarousel',
  context: ({ input }) => ({ ...input, carousel: undefined, splide: undefined, reduced: true }),
  invoke: { id: 'reducedMotion', src: 'reducedMotion' },
  on: {
    'motion.reduce': { actions: 'storeMotion' },
    'motion.allow': { actions: 'storeMotion' },
  },
  initial: 'loading',
  states: {
    // The prerendered list, while the react-splide chunk loads.
    loading: {
      invoke: {
        id: 'loadSplideCarousel',
        src: 'loadSplideCarousel',
        input: ({ context }) => ({ load: context.load }),
        onDone: { target: 'mounting', actions: { type: 'storeCarousel', params: ({ event }) => ({ carousel: event.output }) } },
        onError: 'failed',
      },
    },
    // The view renders the react-splide component in the list's place; its onMounted hands over
    // the instance (in the same commit, before the browser paints).
    mounting: {
      tags: ['splide'],
      on: {
        'carousel.mounted': { target: 'mounted', actions: 'storeSplide' },
        'carousel.error': 'failed',
      },
    },
    // The chunk could not load, or Splide threw: the list stays, as with JavaScript off.
    failed: {},
    mounted: {
      tags: ['carousel', 'splide'],
      on: { 'carousel.error': 'failed' },
      invoke: { id: 'splideCarousel', src: 'splideCarousel', input: ({ context }) => ({ splide: context.splide as SplideHandle }) },
      initial: 'still',
      states: {
        // Reduced motion: the visitor moves the logos with the arrows; nothing moves by itself.
        still: {
          always: { guard: 'isMotionAllowed', target: 'playing' },
        },
        playing: {
          tags: ['rotation'],
          entry: 'playSplide',
          exit: 'pauseSplide',
          always: { guard: 'isMotionReduced', target: 'still' },
          on: { 'rotation.pause': 'stopped' },
          initial: 'moving',
          states: {
            moving: { on: { 'carousel.hold': 'held' } },
            // Splide holds while the pointer is over the logos or focus is inside them.
            held: { on: { 'carousel.resume': 'moving' } },
          },
        },
        // The visitor stopped it: only their play button starts it again.
        stopped: {
          tags: ['rotation'],
          always: { guard: 'isMotionReduced', target: 'still' },
          on: { 'rotation.play': 'playing' },
        },
      },
    },
  },
});
