// The hero slider. The first slide is the prerendered hero (the largest paint never waits for
// scripts); once the page has loaded and is idle, and then the visitor acts on the page or the
// first change of slide is due, the machine loads the Splide chunk, has the view render the
// slider in the hero's place, takes the Splide instance when it mounts and plays it every 6 s
// unless the visitor prefers reduced motion or stopped it with the pause button, following
// Splide's own hold while the pointer is over the slider or focus is inside it.
// A limit error from the slider's engine or its source logs "Limit exceed. Please try again
// later." and hides the slider: the hero stays, as it does when the chunk fails to load.
import { assertEvent, assign, sendTo, setup } from 'xstate';
import { isLimitError, LIMIT_ERROR_MESSAGE, loadHeroSlider, type HeroSliderComponent, type HeroSliderLoadInput } from '../../services/media/hero-slider.actor.ts';
import { pageIdle } from '../../services/shared/page-idle.actor.ts';
import { visitorActivity, type VisitorActivityEvent } from '../../services/media/visitor-activity.actor.ts';
import { HERO_SLIDER_INTERVAL_MS } from '../shared/theme.constants.ts';
import { reducedMotionEvents, type MotionEvent } from '../../services/shared/reduced-motion.actor.ts';
import { splideRotationStates, type SplideRotationContext } from '../shared/splide-rotation.ts';
import { splideCarousel, type SplideReport } from '../../services/media/splide-carousel.actor.ts';

export type HeroSliderInput = HeroSliderLoadInput;

export interface HeroSliderContext extends HeroSliderInput, SplideRotationContext {
  slider: HeroSliderComponent | undefined;
}

export type HeroSliderEvent =
  | MotionEvent
  | SplideReport
  | VisitorActivityEvent
  | { type: 'page.idle' }
  | { type: 'rotation.pause' }
  | { type: 'rotation.play' }
  // The view's error boundary caught an error thrown by Splide or the slider.
  | { type: 'slider.error'; error: unknown };

export const heroSliderMachine = setup({
  types: {
    input: {} as HeroSliderInput,
    context: {} as HeroSliderContext,
    events: {} as HeroSliderEvent,
  },
  actors: { reducedMotion: reducedMotionEvents, pageIdle, visitorActivity, loadHeroSlider, splideCarousel },
  delays: { firstSlideChange: HERO_SLIDER_INTERVAL_MS },
  actions: {
    storeMotion: assign(({ event }) => {
      assertEvent(event, ['motion.reduce', 'motion.allow']);
      return { reduced: event.type === 'motion.reduce' };
    }),
    // The component arrives wrapped: a function-typed param would read as a params function.
    storeSlider: assign((_, loaded: { slider: HeroSliderComponent }) => ({ slider: loaded.slider })),
    playSplide: sendTo('splideCarousel', { type: 'autoplay.play' }),
    pauseSplide: sendTo('splideCarousel', { type: 'autoplay.pause' }),
    logLimit: () => console.error(LIMIT_ERROR_MESSAGE),
    logError: (_, problem: { error: unknown }) => console.error('The hero slider stopped; the hero stays as it is.', problem.error),
  },
  guards: {
    isMotionReduced: ({ context }) => context.reduced,
    isMotionAllowed: ({ context }) => !context.reduced,
    isLimitError: (_, problem: { error: unknown }) => isLimitError(problem.error),
  },
}).createMachine({
  id: 'heroSlider',
  context: ({ input }) => ({ ...input, slider: undefined, reduced: true }),
  invoke: { id: 'reducedMotion', src: 'reducedMotion' },
  on: {
    'motion.reduce': { actions: 'storeMotion' },
    'motion.allow': { actions: 'storeMotion' },
  },
  initial: 'waiting',
  states: {
    // The prerendered hero: the slider waits until the page has loaded and the browser is idle.
    waiting: {
      invoke: { id: 'pageIdle', src: 'pageIdle' },
      on: { 'page.idle': 'deferred' },
    },
    // Building the slider (its chunk, Splide, every slide's picture) waits until it is wanted:
    // the visitor acts on the page (and may reach for it), or its first change of slide is due.
    // Until then the prerendered hero is the first slide, as it would be anyway, and the page's
    // load carries none of it.
    deferred: {
      invoke: { id: 'visitorActivity', src: 'visitorActivity' },
      after: { firstSlideChange: 'loading' },
      on: { 'visitor.act': 'loading' },
    },
    loading: {
      invoke: {
        id: 'loadHeroSlider',
        src: 'loadHeroSlider',
        input: ({ context }) => ({ load: context.load }),
        onDone: { target: 'shown', actions: { type: 'storeSlider', params: ({ event }) => ({ slider: event.output }) } },
        onError: [
          { guard: { type: 'isLimitError', params: ({ event }) => ({ error: event.error }) }, target: 'limited' },
          { target: 'failed', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    /** The chunk could not load, or Splide threw: the prerendered hero stays. */
    failed: {},
    /** A limit error: logged, the slider hidden, the hero stays. */
    limited: { entry: 'logLimit' },
    // The view renders the slider in the hero's place (mounting); its onMounted hands over the
    // instance (mounted). An error Splide throws, in either, ends the slider.
    shown: {
      tags: ['slider'],
      on: {
        'slider.error': [
          { guard: { type: 'isLimitError', params: ({ event }) => ({ error: event.error }) }, target: 'limited' },
          { target: 'failed', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
      initial: 'mounting',
      states: {
        mounting: {
          on: { 'carousel.mounted': 'mounted' },
        },
        mounted: {
          invoke: {
            id: 'splideCarousel',
            src: 'splideCarousel',
            // The instance the mount handed over: `mounted` is entered by that event only.
            input: ({ event }) => {
              assertEvent(event, 'carousel.mounted');
              return { splide: event.splide };
            },
          },
          ...splideRotationStates,
        },
      },
    },
  },
});
