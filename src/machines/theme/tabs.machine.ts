// Tabbed content, after the WAI-ARIA APG tabs pattern with automatic activation: a tab is
// shown as soon as it is selected, by a click or by the arrow keys (which wrap around), Home and
// End. Before the page is hydrated (and with JavaScript off) every panel is shown one after the
// other, so nothing is hidden behind a control that cannot work.
import { assertEvent, assign, emit, setup } from 'xstate';
import { hydrated } from '../../services/shared/hydrated.actor.ts';

export interface TabsInput {
  /** How many tabs there are (at least one). */
  count: number;
}

export interface TabsContext {
  count: number;
  /** Index of the selected tab (and the one in the tab order: roving tabindex). */
  selected: number;
}

export type TabsEvent =
  | { type: 'view.hydrate' }
  | { type: 'tab.select'; index: number }
  | { type: 'tab.next' }
  | { type: 'tab.previous' }
  | { type: 'tab.first' }
  | { type: 'tab.last' };

/** Roving tabindex: after a key moved the selection, the focus follows it (the view moves it). */
export type TabsEmitted = { type: 'focus.tab'; index: number };

export const tabsMachine = setup({
  actors: { hydrated },
  types: {
    context: {} as TabsContext,
    events: {} as TabsEvent,
    input: {} as TabsInput,
    emitted: {} as TabsEmitted,
  },
  actions: {
    selectTab: assign(({ event }) => {
      assertEvent(event, 'tab.select');
      return { selected: event.index };
    }),
    selectNextTab: assign(({ context }) => ({ selected: (context.selected + 1) % context.count })),
    selectPreviousTab: assign(({ context }) => ({ selected: (context.selected - 1 + context.count) % context.count })),
    selectFirstTab: assign({ selected: 0 }),
    selectLastTab: assign(({ context }) => ({ selected: context.count - 1 })),
    focusSelectedTab: emit(({ context }) => ({ type: 'focus.tab' as const, index: context.selected })),
  },
  guards: {
    // A click can only name a tab the view drew; the guard keeps a wrong index from selecting
    // a panel that does not exist.
    isKnownTab: ({ context, event }) => {
      assertEvent(event, 'tab.select');
      return Number.isInteger(event.index) && event.index >= 0 && event.index < context.count;
    },
  },
}).createMachine({
  id: 'tabs',
  context: ({ input }) => {
    if (!Number.isInteger(input.count) || input.count < 1) {
      throw new Error(`tabs: input.count must be a whole number of tabs, at least 1 (got ${String(input.count)})`);
    }
    return { count: input.count, selected: 0 };
  },
  initial: 'stacked',
  states: {
    // The prerendered page: every panel under its own heading, no tab list.
    stacked: {
      invoke: { id: 'hydrated', src: 'hydrated' },
      on: { 'view.hydrate': 'tabbed' },
    },
    tabbed: {
      on: {
        'tab.select': { guard: 'isKnownTab', actions: 'selectTab' },
        'tab.next': { actions: ['selectNextTab', 'focusSelectedTab'] },
        'tab.previous': { actions: ['selectPreviousTab', 'focusSelectedTab'] },
        'tab.first': { actions: ['selectFirstTab', 'focusSelectedTab'] },
        'tab.last': { actions: ['selectLastTab', 'focusSelectedTab'] },
      },
    },
  },
});
