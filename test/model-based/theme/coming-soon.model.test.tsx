// comingSoon, walked through the real <ComingSoonView> with the content's items along every
// edge of the production machine's graph: the arrow buttons and the ArrowUp/ArrowDown keys.
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { home } from '../../support/site-content.ts';
import { comingSoonMachine } from '../../../src/machines/theme/coming-soon.machine.ts';
import { ComingSoonView } from '../../../src/views/theme/coming-soon.view.tsx';
import { describeModel, fakeCallbackActor, type FakeCallbackActor, type StepExecutor } from '../harness/index.ts';

const panel = home.upcoming.comingSoon;
const { items } = panel;
const list = () => screen.getByRole('list', { name: panel.heading });
const liveRegion = (container: HTMLElement) => container.querySelector('[aria-live="polite"]')!;
const shownItems = () => within(list()).queryAllByRole('listitem');

/** Every other move uses the keyboard (focus on the other arrow, so the key is what moves). */
let moves = 0;
const move = (direction: 'previous' | 'next'): StepExecutor => async ({ user }) => {
  moves += 1;
  const label = direction === 'previous' ? panel.previousLabel : panel.nextLabel;
  if (moves % 2 === 1) {
    await user.click(screen.getByRole('button', { name: label }));
  } else {
    screen.getByRole('button', { name: direction === 'previous' ? panel.nextLabel : panel.previousLabel }).focus();
    await user.keyboard(direction === 'previous' ? '{ArrowUp}' : '{ArrowDown}');
  }
};

describeModel<typeof comingSoonMachine>({
  machine: comingSoonMachine,
  input: { count: items.length },
  fakes: { hydrated: () => fakeCallbackActor() },
  render: (props) => <ComingSoonView {...panel} {...props} />,
  events: {
    'view.hydrate': ({ fakes }) => (fakes.hydrated as FakeCallbackActor).running?.sendBack({ type: 'view.hydrate' }),
    'item.next': move('next'),
    'item.previous': move('previous'),
  },
  states: {
    listed: ({ container }) => {
      // Prerendered: every item listed, no arrows, nothing announced.
      expect(shownItems()).toHaveLength(items.length);
      expect(screen.queryByRole('button')).toBeNull();
      expect(liveRegion(container)).toBeEmptyDOMElement();
    },
    showing: ({ snapshot, container }) => {
      expect(snapshot.context.index).toBe(0);
      expect(shownItems()).toHaveLength(1);
      expect(screen.getByRole('heading', { level: 4, name: items[0]!.title })).toBeVisible();
      expect(screen.getByRole('button', { name: panel.previousLabel })).toBeVisible();
      expect(screen.getByRole('button', { name: panel.nextLabel })).toBeVisible();
      // Hydration must not speak.
      expect(liveRegion(container)).toBeEmptyDOMElement();
    },
    changed: ({ snapshot, container }) => {
      const { index } = snapshot.context;
      const current = items[index]!;
      expect(shownItems()).toHaveLength(1);
      expect(screen.getByRole('heading', { level: 4, name: current.title })).toBeVisible();
      for (const other of items.filter((_, at) => at !== index)) {
        expect(screen.queryByRole('heading', { level: 4, name: other.title })).toBeNull();
      }
      expect(screen.getByText(`${index + 1} of ${items.length}`)).toBeVisible();
      expect(liveRegion(container)).toHaveTextContent(`${index + 1} of ${items.length}: ${current.title}, ${current.when}`);
    },
  },
});
