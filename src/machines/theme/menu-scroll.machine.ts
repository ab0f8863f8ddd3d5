// Smooth scrolling to the page's sections: a click on an in-page link of the main menu (or any
// "/#section" link that opts in) scrolls the window to the section in 750 ms, landing it below
// the sticky header (70 px; 0 when the header is a left sidebar), then focuses the section and
// puts its anchor in the address bar. With reduced motion the page jumps instead.
import { and, assertEvent, assign, setup, stateIn } from 'xstate';
import { reducedMotionEvents, type MotionEvent } from '../../services/shared/reduced-motion.actor.ts';
import { focusSection, scrollToSection, showSectionInAddress } from '../../services/theme/section-scroll.actor.ts';
import { viewportEvents, type ViewportEvent } from '../../services/theme/viewport-events.actor.ts';
import {
  MENU_DESKTOP_MIN_WIDTH_PX,
  MENU_SCROLL_DURATION_MS,
  MENU_SCROLL_OFFSET_LEFT_NAVBAR_PX,
  MENU_SCROLL_OFFSET_PX,
} from '../shared/theme.constants.ts';

/** Where the main menu is: across the top, or (on wide screens) a sidebar on the left. */
export type MenuLayout = 'top' | 'left-navbar';

export interface MenuScrollInput {
  /** The ids of the sections on this page; links to anything else are left to the browser. */
  sectionIds: readonly string[];
  layout?: MenuLayout;
}

export interface MenuScrollContext {
  sectionIds: readonly string[];
  layout: MenuLayout;
  /** Last viewport width reported by the viewport actor (the left sidebar is for wide screens). */
  width: number;
  /** The section being scrolled to, or last reached. */
  target: string | null;
}

export type MenuScrollEvent = MotionEvent | ViewportEvent | { type: 'link.click'; href: string };

/** "#about" and "/#about" name a section of this page; "/thank-you/", "#" and "/x#a" do not. */
const IN_PAGE_ANCHOR = /^\/?#([A-Za-z][\w-]*)$/;

function sectionOf(context: MenuScrollContext, href: string): string | null {
  const id = IN_PAGE_ANCHOR.exec(href)?.[1];
  return id !== undefined && context.sectionIds.includes(id) ? id : null;
}

/** How far below the top of the window the section lands. */
export function menuScrollOffset(layout: MenuLayout, width: number): number {
  return layout === 'left-navbar' && width >= MENU_DESKTOP_MIN_WIDTH_PX ? MENU_SCROLL_OFFSET_LEFT_NAVBAR_PX : MENU_SCROLL_OFFSET_PX;
}

const targetOf = (context: MenuScrollContext) => {
  if (context.target === null) throw new Error('menuScroll: no target section');
  return context.target;
};

export const menuScrollMachine = setup({
  types: {
    input: {} as MenuScrollInput,
    context: {} as MenuScrollContext,
    events: {} as MenuScrollEvent,
  },
  actors: {
    reducedMotion: reducedMotionEvents,
    viewport: viewportEvents,
    scrollToSection,
  },
  actions: {
    storeWidth: assign(({ event }) => {
      assertEvent(event, 'viewport.resize');
      return { width: event.width };
    }),
    storeTarget: assign(({ context, event }) => {
      assertEvent(event, 'link.click');
      return { target: sectionOf(context, event.href) };
    }),
    clearTarget: assign({ target: null }),
    focusTarget: ({ context }) => focusSection(targetOf(context)),
    showTargetInAddress: ({ context }) => showSectionInAddress(targetOf(context)),
  },
  guards: {
    isSectionLink: ({ context, event }) => event.type === 'link.click' && sectionOf(context, event.href) !== null,
    // A guard object under a name: the config still names every guard by string.
    isSectionLinkWithReducedMotion: and([stateIn('#menuScroll.motion.reduced'), 'isSectionLink']),
  },
}).createMachine({
  id: 'menuScroll',
  context: ({ input }) => ({ sectionIds: input.sectionIds, layout: input.layout ?? 'top', width: 0, target: null }),
  invoke: [
    { id: 'reducedMotion', src: 'reducedMotion' },
    { id: 'viewport', src: 'viewport' },
  ],
  on: {
    'viewport.resize': { actions: 'storeWidth' },
  },
  type: 'parallel',
  states: {
    motion: {
      initial: 'animated',
      states: {
        animated: { on: { 'motion.reduce': 'reduced' } },
        /** The visitor asked the system for less motion: sections are jumped to, not scrolled to. */
        reduced: { on: { 'motion.allow': 'animated' } },
      },
    },
    navigation: {
      initial: 'idle',
      // From any state: a second click while the page scrolls restarts towards the new section.
      on: {
        'link.click': [
          { guard: 'isSectionLinkWithReducedMotion', target: '.jumping', actions: 'storeTarget' },
          { guard: 'isSectionLink', target: '.scrolling', actions: 'storeTarget' },
        ],
      },
      states: {
        idle: {},
        scrolling: {
          tags: ['moving'],
          invoke: {
            id: 'scrollToSection',
            src: 'scrollToSection',
            input: ({ context }) => ({
              id: targetOf(context),
              offset: menuScrollOffset(context.layout, context.width),
              duration: MENU_SCROLL_DURATION_MS,
            }),
            onDone: { target: 'idle', actions: ['focusTarget', 'showTargetInAddress'] },
            // The section is gone (the page changed under the link): stay where the page is.
            onError: { target: 'idle', actions: 'clearTarget' },
          },
        },
        jumping: {
          tags: ['moving'],
          invoke: {
            id: 'scrollToSection',
            src: 'scrollToSection',
            input: ({ context }) => ({ id: targetOf(context), offset: menuScrollOffset(context.layout, context.width), duration: 0 }),
            onDone: { target: 'idle', actions: ['focusTarget', 'showTargetInAddress'] },
            onError: { target: 'idle', actions: 'clearTarget' },
          },
        },
      },
    },
  },
});
