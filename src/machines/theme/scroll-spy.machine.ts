// The main menu's "you are here": as the visitor scrolls, the menu item of the section under the
// header is marked current (aria-current="location"). The sectionPosition actor reports which
// watched section the reading line crosses; the machine keeps it and the view marks the item.
import { assertEvent, assign, setup } from 'xstate';
import { sectionPositionEvents, type SectionPositionEvent } from '../../services/theme/section-position.actor.ts';
import { SCROLL_SPY_LINE_PX } from '../shared/theme.constants.ts';

export interface ScrollSpyInput {
  /** The sections the menu links to on this page (none on pages without sections). */
  sectionIds: readonly string[];
}

export interface ScrollSpyContext {
  sectionIds: readonly string[];
  /** The section under the reading line, while there is one. */
  current: string | null;
}

export type ScrollSpyEvent = SectionPositionEvent;

export const scrollSpyMachine = setup({
  types: {
    input: {} as ScrollSpyInput,
    context: {} as ScrollSpyContext,
    events: {} as ScrollSpyEvent,
  },
  actors: {
    sectionPosition: sectionPositionEvents,
  },
  actions: {
    storeCurrent: assign(({ event }) => {
      assertEvent(event, 'section.enter');
      return { current: event.id };
    }),
    clearCurrent: assign({ current: null }),
  },
}).createMachine({
  id: 'scrollSpy',
  context: ({ input }) => ({ sectionIds: input.sectionIds, current: null }),
  invoke: {
    id: 'sectionPosition',
    src: 'sectionPosition',
    input: ({ context }) => ({ ids: context.sectionIds, line: SCROLL_SPY_LINE_PX }),
  },
  initial: 'outside',
  states: {
    /** The line is over no watched section (between them, or a page without them). */
    outside: {
      on: { 'section.enter': { target: 'inside', actions: 'storeCurrent' } },
    },
    /** The line is over `current`; its menu item is marked. */
    inside: {
      tags: ['marked'],
      on: {
        'section.enter': { actions: 'storeCurrent' },
        'section.leave': { target: 'outside', actions: 'clearCurrent' },
      },
    },
  },
});
