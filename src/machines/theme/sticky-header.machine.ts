// The sticky header: smaller once the page is scrolled on desktop-wide screens; in its
// auto-show variant, hidden at the very top of the page and shown once the visitor scrolls.
import { assertEvent, assign, setup } from 'xstate';
import { viewportEvents, type ViewportEvent } from '../../services/theme/viewport-events.actor.ts';
import {
  HEADER_AUTO_SHOW_THRESHOLD_PX,
  HEADER_SHRINK_MIN_WIDTH_PX,
  HEADER_SHRINK_THRESHOLD_PX,
} from '../shared/theme.constants.ts';

export interface StickyHeaderInput {
  /** The auto-show variant: hidden at the top, shown past the auto-show threshold. */
  autoShow?: boolean;
}

export interface StickyHeaderContext {
  autoShow: boolean;
  /** Last scroll offset reported by the viewport actor. */
  scrollY: number;
  /**
   * Last viewport width reported by the viewport actor. Unknown (0) until then, so the server
   * render and the first client render (hydration) agree on the full-size header.
   */
  width: number;
}

export type StickyHeaderEvent = ViewportEvent;

const isShrinkable = ({ width, scrollY }: StickyHeaderContext) =>
  width >= HEADER_SHRINK_MIN_WIDTH_PX && scrollY > HEADER_SHRINK_THRESHOLD_PX;

export const stickyHeaderMachine = setup({
  types: {
    input: {} as StickyHeaderInput | undefined,
    context: {} as StickyHeaderContext,
    events: {} as StickyHeaderEvent,
  },
  actors: {
    viewport: viewportEvents,
  },
  actions: {
    storeScrollPosition: assign(({ event }) => {
      assertEvent(event, 'scroll.update');
      return { scrollY: event.scrollY };
    }),
    storeWidth: assign(({ event }) => {
      assertEvent(event, 'viewport.resize');
      return { width: event.width };
    }),
  },
  guards: {
    isAutoShow: ({ context }) => context.autoShow,
    // Scrolled past the shrink threshold on a screen wide enough for the desktop header.
    // Complementary guards are named (not `not(...)`) so the config stays plain data: the
    // exported JSON and the Stately visualiser show every guard.
    isShrinkable: ({ context }) => isShrinkable(context),
    isNotShrinkable: ({ context }) => !isShrinkable(context),
    isPastAutoShowThreshold: ({ context }) => context.scrollY > HEADER_AUTO_SHOW_THRESHOLD_PX,
    isWithinAutoShowThreshold: ({ context }) => context.scrollY <= HEADER_AUTO_SHOW_THRESHOLD_PX,
  },
}).createMachine({
  id: 'stickyHeader',
  context: ({ input }) => ({ autoShow: input?.autoShow ?? false, scrollY: 0, width: 0 }),
  invoke: { id: 'viewport', src: 'viewport' },
  // The viewport is stored first; each region then re-decides with its `always` guards.
  on: {
    'scroll.update': { actions: 'storeScrollPosition' },
    'viewport.resize': { actions: 'storeWidth' },
  },
  type: 'parallel',
  states: {
    size: {
      initial: 'normal',
      states: {
        normal: {
          always: { guard: 'isShrinkable', target: 'smaller' },
        },
        smaller: {
          tags: ['smaller'],
          always: { guard: 'isNotShrinkable', target: 'normal' },
        },
      },
    },
    visibility: {
      initial: 'pending',
      states: {
        // Transient: picks the variant's resting state before the first render.
        pending: {
          always: [{ guard: 'isAutoShow', target: 'hidden' }, { target: 'pinned' }],
        },
        /** The ordinary header: always on screen. */
        pinned: {
          tags: ['shown'],
        },
        hidden: {
          always: { guard: 'isPastAutoShowThreshold', target: 'shown' },
        },
        shown: {
          tags: ['shown'],
          always: { guard: 'isWithinAutoShowThreshold', target: 'hidden' },
        },
      },
    },
  },
});
