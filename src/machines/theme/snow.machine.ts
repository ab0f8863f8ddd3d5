// The seasonal snow effect. Off unless the content switches it on (`input.enabled`); then it
// waits for the visitor's motion preference, loads the engine (a lazy chunk) and lets it snow:
// SNOW_FALLING_FLAKES falling and SNOW_STICKY_FLAKES that settle and are regenerated every
// SNOW_STICKY_REGENERATE_MS. It pauses while the tab is hidden and stops under reduced motion.
import { assign, sendTo, setup } from 'xstate';
import { pageVisibility, type PageVisibilityEvent } from '../../services/shared/page-visibility.actor.ts';
import { reducedMotionEvents, type MotionEvent } from '../../services/shared/reduced-motion.actor.ts';
import { loadSnowEngine, snowfall, type SnowCommand, type SnowEngine } from '../../services/theme/snow.actor.ts';
import { SNOW_FALLING_FLAKES, SNOW_STICKY_FLAKES, SNOW_STICKY_REGENERATE_MS } from '../shared/theme.constants.ts';

export interface SnowInput {
  /** The content's switch (`site.effects.snow`). */
  enabled: boolean;
  /** The view's canvas, drawn on while it snows. */
  getCanvas: () => HTMLCanvasElement | null;
}

export interface SnowContext extends SnowInput {
  engine: SnowEngine | null;
}

export type SnowEvent = MotionEvent | PageVisibilityEvent;

export const snowMachine = setup({
  types: {
    context: {} as SnowContext,
    events: {} as SnowEvent,
    input: {} as SnowInput,
  },
  actors: {
    reducedMotion: reducedMotionEvents,
    loadSnowEngine,
    pageVisibility,
    snowfall,
  },
  actions: {
    // Named (the config stays plain data), so the done event is typed here by hand.
    storeEngine: assign((_, engine: SnowEngine) => ({ engine })),
    playSnow: sendTo('snowfall', { type: 'snow.play' } satisfies SnowCommand),
    pauseSnow: sendTo('snowfall', { type: 'snow.pause' } satisfies SnowCommand),
    regenerateStickyFlakes: sendTo('snowfall', { type: 'sticky.regenerate' } satisfies SnowCommand),
  },
  guards: {
    isEnabled: ({ context }) => context.enabled,
  },
  delays: {
    stickyLifetime: SNOW_STICKY_REGENERATE_MS,
  },
}).createMachine({
  id: 'snow',
  context: ({ input }) => ({ ...input, engine: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'isEnabled', target: 'enabled' }, { target: 'off' }],
    },
    // Switched off by the content: nothing is loaded or drawn.
    off: { type: 'final' },
    enabled: {
      invoke: { id: 'reducedMotion', src: 'reducedMotion' },
      initial: 'pending',
      states: {
        // Until the motion preference is known (at once in a browser).
        pending: {
          on: {
            'motion.reduce': 'reduced',
            'motion.allow': 'loading',
          },
        },
        loading: {
          invoke: {
            id: 'loadSnowEngine',
            src: 'loadSnowEngine',
            onDone: { target: 'snowing', actions: { type: 'storeEngine', params: ({ event }) => event.output } },
            onError: '#snow.failed',
          },
          on: { 'motion.reduce': 'reduced' },
        },
        snowing: {
          invoke: [
            {
              id: 'snowfall',
              src: 'snowfall',
              input: ({ context }) => ({
                engine: context.engine as SnowEngine,
                getCanvas: context.getCanvas,
                falling: SNOW_FALLING_FLAKES,
                sticky: SNOW_STICKY_FLAKES,
              }),
            },
            { id: 'pageVisibility', src: 'pageVisibility' },
          ],
          on: { 'motion.reduce': 'reduced' },
          initial: 'falling',
          states: {
            falling: {
              tags: ['drawing'],
              entry: 'playSnow',
              on: { 'page.hidden': 'paused' },
              // Re-entering restarts the timer; the scene (invoked by the parent) goes on.
              after: { stickyLifetime: { target: 'falling', reenter: true, actions: 'regenerateStickyFlakes' } },
            },
            // The tab is hidden: no frames are drawn.
            paused: {
              entry: 'pauseSnow',
              on: { 'page.visible': 'falling' },
            },
          },
        },
        // No snow; it starts if the visitor allows motion again.
        reduced: {
          on: { 'motion.allow': 'loading' },
        },
      },
    },
    // The chunk did not load: no snow, the page is unaffected.
    failed: { type: 'final' },
  },
});
