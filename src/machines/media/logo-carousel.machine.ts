// The client logo carousel. Splide (through @splidejs/react-splide) moves the logos; this machine
// decides whether it may: it loads the chunk with the react-splide component, has the view render
// it in place of the prerendered list, takes the Splide instance the component hands back when it
// mounts, plays it unless the visitor asked for reduced motion or stopped it with the rotation
// button, and follows Splide's own hold while the pointer is over the carousel or focus is inside it.
//
// It starts in `loading`, which the view renders exactly as the prerendered page (a plain list of
// logos), so hydration matches; Splide arrives once the actor runs in the browser.
import { assertEvent, assign, sendTo, setup } from 'xstate';
import { reducedMotionEvents, type MotionEvent } from '../../services/shared/reduced-motion.actor.ts';
import { splideRotationStates, type SplideRotationContext } from '../shared/splide-rotation.ts';
import {
  loadSplideCarousel,
  splideCarousel,
  type SplideCarouselComponent,
  type SplideCarouselLoadInput,
  type SplideReport,
} from '../../services/media/splide-carousel.actor.ts';

export interface LogoCarouselInput extends SplideCarouselLoadInput {
  /** Id of the carousel's root element. */
  rootId: string;
  /** The carousel's accessible name. */
  label: string;
}

export interface LogoCarouselContext extends LogoCarouselInput, SplideRotationContext {
  /** The react-splide component, once its chunk has loaded. */
  carousel: SplideCarouselComponent | undefined;
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
    playSplide: sendTo('splideCarousel', { type: 'autoplay.play' }),
    pauseSplide: sendTo('splideCarousel', { type: 'autoplay.pause' }),
  },
  guards: {
    isMotionReduced: ({ context }) => context.reduced,
    isMotionAllowed: ({ context }) => !context.reduced,
  },
}).createMachine({
  id: 'logoCarousel',
  context: ({ input }) => ({ ...input, carousel: undefined, reduced: true }),
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
        'carousel.mounted': 'mounted',
        'carousel.error': 'failed',
      },
    },
    // The chunk could not load, or Splide threw: the list stays, as with JavaScript off.
    failed: {},
    mounted: {
      tags: ['carousel', 'splide'],
      on: { 'carousel.error': 'failed' },
      invoke: {
        id: 'splideCarousel',
        src: 'splideCarousel',
        // The instance the component handed back: `mounted` is entered by that event only.
        input: ({ event }) => {
          assertEvent(event, 'carousel.mounted');
          return { splide: event.splide };
        },
      },
      ...splideRotationStates,
    },
  },
});
