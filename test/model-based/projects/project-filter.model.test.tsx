// projectFilter, walked through the real project grid along every edge of the production
// machine's graph: choosing a category with motion (the cards are measured, then move) and
// without (reduced motion: at once), with motion whose measurement does not come in time (shown
// at the timeout, without it), choosing again while they move, and choosing what is already
// shown. gsap Flip is the `cardRearrange` actor's; a stand-in reports here as it does,
// and the real one rearranges the cards in Chromium (test/e2e/projects.e2e.test.ts).
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { projects } from '../../support/site-content.ts';
import { projectFilterMachine } from '../../../src/machines/projects/project-filter.machine.ts';
import type { CardRearrangeInput } from '../../../src/services/projects/card-rearrange.actor.ts';
import { REDUCED_MOTION_QUERY } from '../../../src/services/shared/reduced-motion.actor.ts';
import { PROJECT_GRID_ID, ProjectGrid, shownText } from '../../../src/views/projects/project-grid.view.tsx';
import { stubMatchMedia } from '../../support/stub-match-media.ts';
import { describeModel, fakeCallbackActor, sendBackFrom, type FakeCallbackActor } from '../harness/index.ts';

type Snapshot = SnapshotFrom<typeof projectFilterMachine>;

const CHOSEN = 'control-room';
const labelOf = (category: string | null) => (category === null ? projects.filter.all : projects.categories.find((item) => item.id === category)!.label);

/** The visitor's motion preference, set before each choice. */
let reduce = false;
stubMatchMedia({ matches: (query) => query === REDUCED_MOTION_QUERY && reduce });

const rearrange = (fakes: Record<string, unknown>) => fakes.cardRearrange as FakeCallbackActor<CardRearrangeInput>;
const fromRearrange = sendBackFrom('cardRearrange');

/** The grid as the visitor sees it with `category` chosen: pressed filter, cards, the count. */
function expectShowing(category: string | null) {
  const group = screen.getByRole('group', { name: projects.filter.label });
  const buttons = within(group).getAllByRole('button');
  expect(buttons.map((button) => button.textContent)).toEqual([projects.filter.all, ...projects.categories.map((item) => item.label)]);
  for (const button of buttons) {
    expect(button).toHaveAttribute('aria-pressed', String(button.textContent === labelOf(category)));
    // Each is also the link to its own address, for a new tab and without JavaScript.
    expect(button).toHaveAttribute('href', button.textContent === projects.filter.all ? '/#projects' : expect.stringMatching(/^\/\?category=[a-z-]+#projects$/));
  }
  const shown = projects.items.filter((project) => category === null || project.category === category);
  const cards = [...document.querySelectorAll<HTMLElement>(`#${PROJECT_GRID_ID} > li`)];
  expect(cards).toHaveLength(projects.items.length);
  for (const [index, card] of cards.entries()) {
    expect(card.hidden, projects.items[index]!.id).toBe(!shown.includes(projects.items[index]!));
  }
  // Announced politely (role="status").
  expect(screen.getByRole('status')).toHaveTextContent(shownText(projects, shown.length));
  // The choice is the page's address; reduced to the page alone before any choice.
  expect(window.location.search).toBe(category === null ? '' : `?category=${category}`);
}

describeModel({
  machine: projectFilterMachine,
  input: { category: null, gridId: PROJECT_GRID_ID },
  eventSamples: [
    { type: 'category.choose', category: CHOSEN, animate: true },
    { type: 'category.choose', category: CHOSEN, animate: false },
    { type: 'category.choose', category: null, animate: false },
    { type: 'cards.measured' },
    { type: 'rearrange.done' },
  ],
  fakes: { cardRearrange: () => fakeCallbackActor() },
  setup: () => {
    reduce = false;
    window.history.replaceState(null, '', '/');
  },
  render: (harness) => <ProjectGrid {...harness} />,
  events: {
    'category.choose': async ({ user, event }) => {
      const { category, animate } = event as { category: string | null; animate: boolean };
      reduce = !animate;
      const group = screen.getByRole('group', { name: projects.filter.label });
      await user.click(within(group).getByRole('button', { name: labelOf(category) }));
    },
    'cards.measured': fromRearrange,
    'rearrange.done': fromRearrange,
  },
  states: {
    still: ({ snapshot, fakes }) => {
      expectShowing(snapshot.context.category);
      expect(rearrange(fakes).running).toBeUndefined();
    },
    // Measuring where the cards are: the grid still shows the last choice.
    'rearranging.measuring': ({ snapshot, fakes }: { snapshot: Snapshot; fakes: Record<string, unknown> }) => {
      expectShowing(snapshot.context.category);
      expect(rearrange(fakes).running?.input).toEqual({ gridId: PROJECT_GRID_ID });
    },
    'rearranging.moving': ({ snapshot, fakes }: { snapshot: Snapshot; fakes: Record<string, unknown> }) => {
      expect(snapshot.context.category).toBe(CHOSEN);
      expectShowing(CHOSEN);
      expect(rearrange(fakes).running?.input).toEqual({ gridId: PROJECT_GRID_ID });
    },
  },
});
