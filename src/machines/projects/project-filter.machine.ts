// The project grid's filter: which category the grid shows (null: all of them). A choice shows
// in the address bar as `?category={id}` (the address the server answers with the grid already
// filtered, so it can be shared and survives a reload). The cards rearrange with gsap Flip: the
// cardRearrange actor measures them, reports `cards.measured` (the machine then shows the new
// choice and the view renders it), and animates them from where they were to where they are;
// a visitor who prefers reduced motion gets the new grid at once, and so does everyone when the
// animation is not ready within CARD_MEASURE_TIMEOUT_MS of the press (its chunk still on the
// way): the grid's layout is final well within the 500 ms a press excuses (ARCHITECTURE.md,
// "Projects").
import { assign, setup } from 'xstate';
import { cardRearrange } from '../../services/projects/card-rearrange.actor.ts';
import { showCategoryInAddress } from '../../services/projects/category-address.service.ts';
import { CARD_MEASURE_TIMEOUT_MS } from '../shared/theme.constants.ts';

export interface ProjectFilterInput {
  /** The category the page was rendered for (from `?category=`), or null for all. */
  category: string | null;
  /** The id of the grid whose cards rearrange. */
  gridId: string;
}

export interface ProjectFilterContext extends ProjectFilterInput {
  /** The choice last made with motion: shown once the cards are measured, or at the timeout. */
  pending: string | null;
}

export type ProjectFilterEvent =
  // `animate`: the visitor does not ask for reduced motion (the view asks the browser at the click).
  | { type: 'category.choose'; category: string | null; animate: boolean }
  // From cardRearrange: the cards' places are taken; the grid may now show the pending choice.
  | { type: 'cards.measured' }
  | { type: 'rearrange.done' };

type ChooseEvent = Extract<ProjectFilterEvent, { type: 'category.choose' }>;

/** A new choice: measured and moved with motion, shown at once without. */
const choose = [
  {
    guard: { type: 'isAnimated', params: ({ event }: { event: ChooseEvent }) => ({ animate: event.animate }) },
    target: '#projectFilter.rearranging',
    reenter: true,
    actions: { type: 'keepPending', params: ({ event }: { event: ChooseEvent }) => ({ category: event.category }) },
  },
  {
    target: '#projectFilter.still',
    actions: [
      { type: 'show', params: ({ event }: { event: ChooseEvent }) => ({ category: event.category }) },
      { type: 'showInAddress', params: ({ event }: { event: ChooseEvent }) => ({ category: event.category }) },
    ],
  },
] as const;

/** The pending choice shown, in the grid and in the address. */
const showPending = [
  { type: 'show', params: ({ context }: { context: ProjectFilterContext }) => ({ category: context.pending }) },
  { type: 'showInAddress', params: ({ context }: { context: ProjectFilterContext }) => ({ category: context.pending }) },
] as const;

export const projectFilterMachine = setup({
  types: {
    input: {} as ProjectFilterInput,
    context: {} as ProjectFilterContext,
    events: {} as ProjectFilterEvent,
  },
  actors: { cardRearrange },
  actions: {
    keepPending: assign((_, params: { category: string | null }) => ({ pending: params.category })),
    show: assign((_, params: { category: string | null }) => ({ category: params.category })),
    showInAddress: (_, params: { category: string | null }) => showCategoryInAddress(params.category),
  },
  delays: { CARD_MEASURE_TIMEOUT_MS },
  guards: {
    isShown: ({ context }, params: { category: string | null }) => context.category === params.category,
    isAnimated: (_, params: { animate: boolean }) => params.animate,
  },
}).createMachine({
  id: 'projectFilter',
  context: ({ input }) => ({ ...input, pending: input.category }),
  initial: 'still',
  on: {
    'category.choose': [
      { guard: { type: 'isShown', params: ({ event }) => ({ category: event.category }) } },
      ...choose,
    ],
  },
  states: {
    still: {},
    /** Measuring the cards where they are, then moving them to where the new choice puts them. */
    rearranging: {
      tags: ['rearranging'],
      invoke: {
        id: 'cardRearrange',
        src: 'cardRearrange',
        input: ({ context }) => ({ gridId: context.gridId }),
      },
      initial: 'measuring',
      states: {
        measuring: {
          on: {
            // The grid still shows the last choice, which is not the one pending: any choice counts.
            'category.choose': choose,
            'cards.measured': { target: 'moving', actions: showPending },
          },
          // Not ready in time (the chunk is slow): the choice shows at once, the actor stops.
          after: { CARD_MEASURE_TIMEOUT_MS: { target: '#projectFilter.still', actions: showPending } },
        },
        moving: {
          on: { 'rearrange.done': { target: '#projectFilter.still' } },
        },
      },
    },
  },
});
