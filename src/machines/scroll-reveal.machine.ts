// Scroll-reveal: section headings and cards fade and slide in as they enter the viewport. The
// machine waits for the visitor's motion preference and for the page to be loaded and idle, then
// loads the engine (gsap + ScrollTrigger, a lazy chunk) and runs it. Under reduced motion it never
// loads or stops (and undoes) it; if the chunk fails to load the page simply stays as it is,
// which is complete: nothing is hidden before the engine runs.
import { assign, setup, type DoneActorEvent } from 'xstate';
import { pageIdle } from '../services/page-idle.actor.ts';
import { reducedMotionEvents, type MotionEvent } from '../services/reduced-motion.actor.ts';
import { loadRevealEngine, revealOnScroll, type RevealEngine } from '../services/scroll-reveal.service.ts';
import { REVEAL_DISTANCE_PX, REVEAL_DURATION_MS } from './theme.constants.ts';

export interface ScrollRevealContext {
  engine: RevealEngine | null;
}

export type ScrollRevealEvent = MotionEvent | { type: 'page.idle' };

export const scrollRevealMachine = setup({
  types: {
    context: {} as ScrollRevealContext,
    events: {} as ScrollRevealEvent,
  },
  actors: {
    reducedMotion: reducedMotionEvents,
    pageIdle,
    loadRevealEngine,
    revealOnScroll,
  },
  actions: {
    // Named (the config stays plain data), so the done event is typed here by hand.
    storeEngine: assign({ engine: ({ event }) => (event as unknown as DoneActorEvent<RevealEngine>).output }),
  },
}).createMachine({
  id: 'scrollReveal',
  context: { engine: null },
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
        'page.idle': 'loading',
        'motion.reduce': 'reduced',
      },
    },
    loading: {
      invoke: {
        id: 'loadRevealEngine',
        src: 'loadRevealEngine',
        onDone: { target: 'active', actions: 'storeEngine' },
        onError: 'failed',
      },
      on: { 'motion.reduce': 'reduced' },
    },
    active: {
      invoke: {
        id: 'revealOnScroll',
        src: 'revealOnScroll',
        input: ({ context }) => ({ engine: context.engine as RevealEngine, distancePx: REVEAL_DISTANCE_PX, durationMs: REVEAL_DURATION_MS }),
      },
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
