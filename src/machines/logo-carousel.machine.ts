// The client logo carousel. Splide moves the logos; this machine decides whether it may: it
// mounts Splide on the prerendered list, plays it unless the visitor asked for reduced motion or
// stopped it with the rotation button, and follows Splide's own hold while the pointer is over the
// carousel or focus is inside it.
//
// It starts in `loading`, which the view renders exactly as the prerendered page (a plain list of
// logos), so hydration matches; Splide arrives once the actor runs in the browser.
import { assertEvent, assign, sendTo, setup, type DoneActorEvent } from 'xstate';
import { reducedMotionEvents, type MotionEvent } from '../services/reduced-motion.actor.ts';
import { mountSplide, splideCarousel, type SplideHandle, type SplideReport } from '../services/splide-carousel.service.ts';
import { LOGO_CAROUSEL_INTERVAL_MS, LOGO_CAROUSEL_SPEED_MS } from './theme.constants.ts';

export interface LogoCarouselInput {
  /** Id of the element Splide mounts on. */
  rootId: string;
  /** The carousel's accessible name. */
  label: string;
}

export interface LogoCarouselContext extends LogoCarouselInput {
  splide: SplideHandle | undefined;
  /**
   * The visitor prefers reduced motion. Assumed until the preference is known, so nothing
   * moves before it is.
   */
  reduced: boolean;
}

export type LogoCarouselEvent = MotionEvent | SplideReport | { type: 'rotation.pause' } | { type: 'rotation.play' };

export const logoCarouselMachine = setup({
  types: {
    input: {} as LogoCarouselInput,
    context: {} as LogoCarouselContext,
    events: {} as LogoCarouselEvent,
  },
  actors: {
    reducedMotion: reducedMotionEvents,
    mountSplide,
    splideCarousel,
  },
  actions: {
    storeMotion: assign(({ event }) => {
      assertEvent(event, ['motion.reduce', 'motion.allow']);
      return { reduced: event.type === 'motion.reduce' };
    }),
    // Only `loading`'s onDone runs it, with mountSplide's output.
    storeSplide: assign({ splide: ({ event }) => (event as unknown as DoneActorEvent<SplideHandle>).output }),
    playSplide: sendTo('splideCarousel', { type: 'autoplay.play' }),
    pauseSplide: sendTo('splideCarousel', { type: 'autoplay.pause' }),
  },
  guards: {
    isMotionReduced: ({ context }) => context.reduced,
    isMotionAllowed: ({ context }) => !context.reduced,
  },
}).createMachine({
  id: 'logoCarousel',
  context: ({ input }) => ({ ...input, splide: undefined, reduced: true }),
  invoke: { id: 'reducedMotion', src: 'reducedMotion' },
  on: {
    'motion.reduce': { actions: 'storeMotion' },
    'motion.allow': { actions: 'storeMotion' },
  },
  initial: 'loading',
  states: {
    // The prerendered list, while Splide loads and mounts on it.
    loading: {
      invoke: {
        id: 'mountSplide',
        src: 'mountSplide',
        input: ({ context }) => ({
          rootId: context.rootId,
          label: context.label,
          intervalMs: LOGO_CAROUSEL_INTERVAL_MS,
          speedMs: LOGO_CAROUSEL_SPEED_MS,
        }),
        onDone: { target: 'mounted', actions: 'storeSplide' },
        onError: 'failed',
      },
    },
    // Splide could not load: the list stays, as with JavaScript off.
    failed: {},
    mounted: {
      tags: ['carousel'],
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
