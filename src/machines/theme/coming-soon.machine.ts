// The coming-soon panel: one upcoming item at a time, the up and down arrows (buttons or keys)
// step through them and wrap around at both ends, the same as the tabs' arrow keys. Wrapping
// keeps both buttons always usable, so focus is never left on a disabled control.
import { assign, setup } from 'xstate';
import { hydrated } from '../../services/shared/hydrated.actor.ts';

export interface ComingSoonInput {
  /** How many items there are (at least one). */
  count: number;
}

export interface ComingSoonContext {
  count: number;
  /** Index of the item shown. */
  index: number;
}

export type ComingSoonEvent = { type: 'view.hydrate' } | { type: 'item.next' } | { type: 'item.previous' };

export const comingSoonMachine = setup({
  actors: { hydrated },
  types: {
    context: {} as ComingSoonContext,
    events: {} as ComingSoonEvent,
    input: {} as ComingSoonInput,
  },
  actions: {
    showNextItem: assign(({ context }) => ({ index: (context.index + 1) % context.count })),
    showPreviousItem: assign(({ context }) => ({ index: (context.index - 1 + context.count) % context.count })),
  },
}).createMachine({
  id: 'comingSoon',
  context: ({ input }) => {
    if (!Number.isInteger(input.count) || input.count < 1) {
      throw new Error(`comingSoon: input.count must be a whole number of items, at least 1 (got ${String(input.count)})`);
    }
    return { count: input.count, index: 0 };
  },
  initial: 'listed',
  states: {
    // The prerendered page (and the page without JavaScript): every item in a list.
    listed: {
      invoke: { id: 'hydrated', src: 'hydrated' },
      on: { 'view.hydrate': 'showing' },
    },
    // One item shown; nothing announced yet (hydrating must not speak).
    showing: {
      on: {
        'item.next': { target: 'changed', actions: 'showNextItem' },
        'item.previous': { target: 'changed', actions: 'showPreviousItem' },
      },
    },
    // The visitor moved: the polite live region names the item now shown.
    changed: {
      on: {
        'item.next': { actions: 'showNextItem' },
        'item.previous': { actions: 'showPreviousItem' },
      },
    },
  },
});
