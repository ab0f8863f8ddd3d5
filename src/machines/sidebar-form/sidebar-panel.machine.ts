// The slide-in contact panel: a modal dialog on the screen's edge. It opens from its tab, from
// any trigger on the page and (on touch screens) from a swipe in from the edge; it closes from
// its close button, the dimmed page, Escape, a swipe back and the form's Close. Opening and
// closing take 0.4 s (none under reduced motion). While open the rest of the page is inert;
// focus moves into the panel as it opens and back to what opened it as it closes. The form is
// mounted at the first opening, so a page view that never opens the panel asks for nothing.
import { assign, emit, setup } from 'xstate';
import { edgeSwipe, type EdgeSwipeEvent } from '../../services/sidebar-form/edge-swipe.actor.ts';
import type { PanelSide } from '../../services/sidebar-form/edge-swipe.service.ts';
import { hydrated } from '../../services/shared/hydrated.actor.ts';
import { pageInert } from '../../services/shared/page-inert.actor.ts';
import { panelTriggers } from '../../services/sidebar-form/panel-triggers.actor.ts';
import { reducedMotionEvents, type MotionEvent } from '../../services/shared/reduced-motion.actor.ts';
import { PANEL_TRANSITION_MS } from './sidebar.constants.ts';

export interface SidebarPanelInput {
  /** The id of the element holding the dialog and its overlay: it stays usable while open. */
  containerId: string;
  side: PanelSide;
  /** Extra opening elements (the plugin's `togglers`). */
  togglers: string;
}

export interface SidebarPanelContext extends SidebarPanelInput {
  reducedMotion: boolean;
}

export type SidebarPanelEvent =
  | { type: 'view.hydrate' }
  | { type: 'tab.click' }
  | { type: 'trigger.click' }
  | { type: 'close.click' }
  | { type: 'overlay.click' }
  | { type: 'key.escape' }
  | { type: 'form.close' }
  | EdgeSwipeEvent
  | MotionEvent;

/** Signals to the view: focus the dialog as it opens; give the focus back as it closes. */
export type SidebarPanelEmitted = { type: 'focus.panel' } | { type: 'focus.opener' };

export const sidebarPanelMachine = setup({
  types: {
    input: {} as SidebarPanelInput,
    context: {} as SidebarPanelContext,
    events: {} as SidebarPanelEvent,
    emitted: {} as SidebarPanelEmitted,
  },
  actors: { hydrated, reducedMotion: reducedMotionEvents, edgeSwipe, panelTriggers, pageInert },
  actions: {
    reduceMotion: assign({ reducedMotion: true }),
    allowMotion: assign({ reducedMotion: false }),
    focusPanel: emit({ type: 'focus.panel' } as const),
    focusOpener: emit({ type: 'focus.opener' } as const),
  },
  guards: {
    isMotionReduced: ({ context }) => context.reducedMotion,
  },
  delays: {
    panelTransition: PANEL_TRANSITION_MS,
  },
}).createMachine({
  id: 'sidebarPanel',
  context: ({ input }) => ({ ...input, reducedMotion: false }),
  initial: 'static',
  states: {
    /** The prerendered page: no panel (without scripts the page's own contact form serves). */
    static: { invoke: { id: 'hydrated', src: 'hydrated' }, on: { 'view.hydrate': 'live' } },
    live: {
      invoke: [
        { id: 'reducedMotion', src: 'reducedMotion' },
        { id: 'edgeSwipe', src: 'edgeSwipe', input: ({ context }) => ({ side: context.side }) },
        { id: 'panelTriggers', src: 'panelTriggers', input: ({ context }) => ({ togglers: context.togglers }) },
      ],
      on: { 'motion.reduce': { actions: 'reduceMotion' }, 'motion.allow': { actions: 'allowMotion' } },
      initial: 'dormant',
      states: {
        /** Closed, never opened yet: the form is not mounted. */
        dormant: { on: { 'tab.click': 'shown', 'trigger.click': 'shown', 'swipe.open': 'shown' } },
        shown: {
          tags: ['open', 'mounted'],
          entry: 'focusPanel',
          invoke: { id: 'pageInert', src: 'pageInert', input: ({ context }) => ({ keepId: context.containerId }) },
          on: {
            'close.click': 'hiding',
            'overlay.click': 'hiding',
            'key.escape': 'hiding',
            'form.close': 'hiding',
            'swipe.close': 'hiding',
          },
          initial: 'opening',
          states: {
            // Under reduced motion the panel is simply there: no slide.
            opening: { tags: ['moving'], always: { guard: 'isMotionReduced', target: 'open' }, after: { panelTransition: 'open' } },
            open: {},
          },
        },
        hiding: {
          tags: ['mounted', 'moving'],
          entry: 'focusOpener',
          always: { guard: 'isMotionReduced', target: 'closed' },
          after: { panelTransition: 'closed' },
          // Opened again while still sliding out: it turns and comes back.
          on: { 'tab.click': 'shown', 'trigger.click': 'shown', 'swipe.open': 'shown' },
        },
        closed: { tags: ['mounted'], on: { 'tab.click': 'shown', 'trigger.click': 'shown', 'swipe.open': 'shown' } },
      },
    },
  },
});
