// Scroll-reveal: section headings and cards fade and slide in as they enter the viewport. The
// machine waits for the visitor's motion preference, for the page to be loaded and idle and for
// the visitor's first scroll (at once if the page is already scrolled), then loads the engine (a
// component running gsap + ScrollTrigger through @gsap/react's useGSAP, a lazy chunk) and holds
// it while `active`: the view mounts it only in that state, so leaving it unmounts the engine
// and useGSAP reverts every tween and trigger. Under reduced motion it never
// loads or is stopped (and undone); if the chunk fails to load the page simply stays as it is,
// which is complete: nothing is hidden before the engine runs.
import { assign, setup } from 'xstate';
import { firstScroll, type FirstScrollEvent } from '../../services/shared/first-scroll.actor.ts';
import { pageIdle } from '../../services/shared/page-idle.actor.ts';
import { reducedMotionEvents, type MotionEvent } from '../../services/shared/reduced-motion.actor.ts';
import { loadRevealEngine, type RevealEngine, type RevealEngineLoader, type RevealOptions } from '../../services/theme/scroll-reveal.actor.ts';
import { REVEAL_DISTANCE_PX, REVEAL_DURATION_MS } from '../shared/theme.constants.ts';

export interface ScrollRevealInput {
  /** The engine chunk's dynamic import (written in the view: machines do not import views). */
  loadEngine: RevealEngineLoader;
}

export interface ScrollRevealContext {
  loadEngine: RevealEngineLoader;
  /** The loaded engine; the view mounts it while the machine is `active`, and only then. */
  engine: RevealEngine | null;
  options: RevealOptions;
}

export type ScrollRevealEvent = MotionEvent | FirstScrollEvent | { type: 'page.idle' };

export const scrollRevealMachine = setup({
  types: {
    context: {} as ScrollRevealContext,
    input: {} as ScrollRevealInput,
    events: {} as ScrollRevealEvent,
  },
  actors: {
    reducedMotion: reducedMotionEvents,
    pageIdle,
    firstScroll,
    loadRevealEngine,
  },
  actions: {
    // Named (the config stays plain data), so the done event is typed here by hand. A whole-context
    // assigner: with a component (itself a function) as a property's value, TypeScript cannot
    // type a property assigner's arguments.
    // The component arrives wrapped: a function-typed param would read as a params function.
    storeEngine: assign((_, loaded: { engine: RevealEngine }) => ({ engine: loaded.engine })),
  },
}).createMachine({
  id: 'scrollReveal',
  context: ({ input }) => ({
    loadEngine: input.loadEngine,
    engine: null,
    options: { distancePx: REVEAL_DISTANCE_PX, durationMs: REVEAL_DURATION_MS },
  }),
  invoke: { id: 'reducedMotion', src: 'reducedMotion' },
  initial: 'idle',
  states: {
    // Until the motion preference is known (at once in a browser).
    idle: {
      on: {
        'motion.reduce': 'reduced',
        'motion.allow': 'waiting',
      },
    },
    // After first paint: the page loaded and the browser idle.
    waiting: {
      invoke: { id: 'pageIdle', src: 'pageIdle' },
      on: {
        'page.idle': 'waitingForScroll',
        'motion.reduce': 'reduced',
      },
    },
    // Nothing enters the viewport by scrolling before the visitor scrolls: the engine (gsap, and
    // measuring every element it reveals) waits for the first scroll, or starts at once on a
    // page already scrolled, so none of it weighs on the page's load.
    waitingForScroll: {
      invoke: { id: 'firstScroll', src: 'firstScroll' },
      on: {
        'page.scroll': 'loading',
        'page.scrolled': 'loading',
        'motion.reduce': 'reduced',
      },
    },
    loading: {
      invoke: {
        id: 'loadRevealEngine',
        src: 'loadRevealEngine',
        input: ({ context }) => ({ load: context.loadEngine }),
        onDone: { target: 'active', actions: { type: 'storeEngine', params: ({ event }) => ({ engine: event.output }) } },
        onError: 'failed',
      },
      on: { 'motion.reduce': 'reduced' },
    },
    // The view mounts the engine (context.engine) in this state only.
    active: {
      on: { 'motion.reduce': 'reduced' },
    },
    // No reveal at all; if the visitor allows motion again, elements still below the viewport
    // are revealed from then on (the engine, once loaded, comes from the module cache).
    reduced: {
      on: { 'motion.allow': 'waiting' },
    },
    // The chunk did not load: the page stays fully visible, as without scripts.
    failed: { type: 'final' },
  },
});
