// faqItem, walked through the real <FaqItemView> (one question of the content) along every edge
// of the production machine's graph: clicks on the question, Enter on it, and the browser's
// find-in-page revealing the hidden answer (`beforematch`).
import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { home } from '../../support/site-content.ts';
import { faqItemMachine } from '../../../src/machines/theme/faq-item.machine.ts';
import { FaqItemView } from '../../../src/views/theme/faq-item.view.tsx';
import { describeModel, fakeCallbackActor, type FakeCallbackActor } from '../harness/index.ts';

const item = home.faq.items[0]!;
const answer = (container: HTMLElement) => container.querySelector(`#faq-${item.id}-answer`)!;
const question = () => screen.getByRole('button', { name: item.question });
/** Alternates between a click and the keyboard so both reach the machine in the paths. */
let toggles = 0;

describeModel({
  machine: faqItemMachine,
  fakes: { hydrated: () => fakeCallbackActor() },
  render: (props) => <FaqItemView item={item} {...props} />,
  events: {
    'view.hydrate': ({ fakes }) => (fakes.hydrated as FakeCallbackActor).running?.sendBack({ type: 'view.hydrate' }),
    'answer.toggle': async ({ user }) => {
      toggles += 1;
      if (toggles % 2 === 1) {
        await user.click(question());
      } else {
        question().focus();
        await user.keyboard('{Enter}');
      }
    },
    // jsdom has no find-in-page: fire what the browser fires on the hidden element when a
    // search matches inside it.
    'answer.reveal': () => {
      fireEvent(document.querySelector(`#faq-${item.id}-answer`)!, new Event('beforematch'));
    },
  },
  states: {
    static: ({ container }) => {
      // Prerendered: the question is a heading, the answer open, no button that would do nothing.
      expect(screen.getByRole('heading', { level: 3, name: item.question })).toBeVisible();
      expect(screen.queryByRole('button')).toBeNull();
      expect(answer(container)).toBeVisible();
      expect(answer(container)).not.toHaveAttribute('hidden');
    },
    collapsed: ({ container }) => {
      const button = question();
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(button).toHaveAttribute('aria-controls', answer(container).id);
      expect(button.closest('h3')).not.toBeNull();
      // Still in the HTML (search engines, find-in-page), but hidden.
      expect(answer(container)).toHaveAttribute('hidden');
      expect(answer(container)).not.toBeVisible();
      expect(answer(container)).toHaveTextContent(item.answer[0]!);
    },
    expanded: ({ container }) => {
      expect(question()).toHaveAttribute('aria-expanded', 'true');
      expect(answer(container)).not.toHaveAttribute('hidden');
      expect(answer(container)).toBeVisible();
    },
  },
});
