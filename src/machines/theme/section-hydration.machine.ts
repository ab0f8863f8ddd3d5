// When a later section of a long page hydrates: its code takes over its prerendered HTML only
// once the visitor is about to meet it, so loading the page does not mount every section at once
// (ARCHITECTURE.md, "A page's life"). The view keeps the section's prerendered HTML as it is
// while the machine is `prerendered` (readable, links working, as without scripts) and hydrates
// it when the machine is `live`: once the section comes within SECTION_HYDRATE_MARGIN_PX of the
// viewport, is used (a press, a key, the focus, a find-in-page match inside it) or is targeted
// (an in-page link or the address's #fragment), whichever comes first. A section the browser
// renders itself (no prerendered HTML: the prerender, a client-only render) is live at once.
import { setup } from 'xstate';
import { intersectionEvents, type IntersectionEvent } from '../../services/shared/intersection.actor.ts';
import { sectionUse, type SectionUseEvent } from '../../services/theme/section-use.actor.ts';
import { SECTION_HYDRATE_MARGIN_PX } from '../shared/theme.constants.ts';

export interface SectionHydrationInput {
  /** The section's element: its prerendered HTML, found by the view (null: not in the page). */
  getElement: () => Element | null;
  /** Whether the page holds the section's prerendered HTML as the view starts. */
  prerendered: boolean;
}

export type SectionHydrationEvent = IntersectionEvent | SectionUseEvent;

export const sectionHydrationMachine = setup({
  types: {
    input: {} as SectionHydrationInput,
    context: {} as SectionHydrationInput,
    events: {} as SectionHydrationEvent,
  },
  actors: { intersection: intersectionEvents, sectionUse },
  guards: {
    isPrerendered: ({ context }) => context.prerendered,
  },
}).createMachine({
  id: 'sectionHydration',
  context: ({ input }) => ({ getElement: input.getElement, prerendered: input.prerendered }),
  initial: 'choosing',
  states: {
    choosing: { always: [{ guard: 'isPrerendered', target: 'prerendered' }, { target: 'live' }] },
    prerendered: {
      invoke: [
        {
          id: 'intersection',
          src: 'intersection',
          input: ({ context }) => ({ getElement: context.getElement, marginPx: SECTION_HYDRATE_MARGIN_PX }),
        },
        { id: 'sectionUse', src: 'sectionUse', input: ({ context }) => ({ getElement: context.getElement }) },
      ],
      on: { 'element.near': 'live', 'section.use': 'live', 'section.target': 'live' },
    },
    live: { tags: ['live'] },
  },
});
