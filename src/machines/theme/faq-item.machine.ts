// One question of the FAQ: a disclosure whose heading button opens and closes the answer,
// alternately. Each question has its own small machine (rather than one machine for the list)
// because the questions do not depend on each other: any number may be open, and a list machine
// would have to track 2^n combinations to say nothing more.
import { setup } from 'xstate';
import { hydrated } from '../../services/shared/hydrated.actor.ts';

export type FaqItemEvent =
  | { type: 'view.hydrate' }
  | { type: 'answer.toggle' }
  /** The browser's find-in-page (or a link) found text in the hidden answer (`beforematch`). */
  | { type: 'answer.reveal' };

export const faqItemMachine = setup({
  actors: { hydrated },
  types: {
    events: {} as FaqItemEvent,
  },
}).createMachine({
  id: 'faqItem',
  initial: 'static',
  states: {
    // The prerendered page (and the page without JavaScript): the answer is open and the
    // question is a plain heading, since a button would do nothing.
    static: {
      invoke: { id: 'hydrated', src: 'hydrated' },
      on: { 'view.hydrate': 'collapsed' },
    },
    collapsed: {
      on: {
        'answer.toggle': 'expanded',
        'answer.reveal': 'expanded',
      },
    },
    expanded: {
      tags: ['open'],
      on: { 'answer.toggle': 'collapsed' },
    },
  },
});
