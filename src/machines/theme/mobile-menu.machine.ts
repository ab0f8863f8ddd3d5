// The main menu on screens narrower than the desktop breakpoint: collapsed behind a toggle
// button. While open the rest of the page is inert (focus stays in the menu); it closes on the
// toggle, on Escape (the focus returns to the toggle), on a link click (the page moves on to the
// link's target) and when the window grows to the desktop layout, where the menu shows anyway.
import { assertEvent, assign, emit, setup } from 'xstate';
import { pageInert } from '../../services/shared/page-inert.actor.ts';
import { viewportEvents, type ViewportEvent } from '../../services/theme/viewport-events.actor.ts';
import { MENU_DESKTOP_MIN_WIDTH_PX } from '../shared/theme.constants.ts';

export interface MobileMenuInput {
  /** The id of the element holding the toggle and the menu: it stays usable while open. */
  containerId: string;
}

export interface MobileMenuContext {
  containerId: string;
  /** Last viewport width reported by the viewport actor; unknown (0) counts as narrow. */
  width: number;
}

export type MobileMenuEvent = ViewportEvent | { type: 'toggle.click' } | { type: 'key.escape' } | { type: 'link.click' };

/** Signals to the view: put the keyboard focus back on the toggle. */
export type MobileMenuEmitted = { type: 'focus.toggle' };

export const mobileMenuMachine = setup({
  types: {
    input: {} as MobileMenuInput,
    context: {} as MobileMenuContext,
    events: {} as MobileMenuEvent,
    emitted: {} as MobileMenuEmitted,
  },
  actors: {
    viewport: viewportEvents,
    pageInert,
  },
  actions: {
    storeWidth: assign(({ event }) => {
      assertEvent(event, 'viewport.resize');
      return { width: event.width };
    }),
    focusToggle: emit({ type: 'focus.toggle' } as const),
  },
  guards: {
    isDesktopWidth: ({ context }) => context.width >= MENU_DESKTOP_MIN_WIDTH_PX,
  },
}).createMachine({
  id: 'mobileMenu',
  context: ({ input }) => ({ containerId: input.containerId, width: 0 }),
  invoke: { id: 'viewport', src: 'viewport' },
  on: {
    'viewport.resize': { actions: 'storeWidth' },
  },
  initial: 'closed',
  states: {
    closed: {
      on: { 'toggle.click': 'open' },
    },
    open: {
      tags: ['expanded'],
      invoke: { id: 'pageInert', src: 'pageInert', input: ({ context }) => ({ keepId: context.containerId }) },
      always: { guard: 'isDesktopWidth', target: 'closed' },
      on: {
        'toggle.click': 'closed',
        'key.escape': { target: 'closed', actions: 'focusToggle' },
        'link.click': 'closed',
      },
    },
  },
});
