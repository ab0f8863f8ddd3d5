// consoleNavigation, walked through the real <ConsoleNavigation> view along every edge of the
// production machine's graph: the phone's "Menu" button opens and folds the console's links.
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { consoleNavigationMachine } from '../../../src/machines/console-access/console-navigation.machine.ts';
import { CONSOLE_MENU_ID, ConsoleNavigation } from '../../../src/views/console/console-navigation.view.tsx';
import { describeModel } from '../harness/index.ts';

const toggle = () => screen.getByRole('button', { name: 'Menu' });
const link = () => screen.getByRole('link', { name: 'Inbox' });
const panel = () => document.getElementById(CONSOLE_MENU_ID)!;

describeModel({
  machine: consoleNavigationMachine,
  render: (props) => (
    <header>
      <ConsoleNavigation {...props}>
        <nav aria-label="Console">
          <ul>
            <li>
              <a href="#/messages">Inbox</a>
            </li>
          </ul>
        </nav>
      </ConsoleNavigation>
    </header>
  ),
  events: {
    'toggle.click': ({ user }) => user.click(toggle()),
    'key.escape': async ({ user }) => {
      // From a link inside the panel, so the focus really has to come back.
      link().focus();
      await user.keyboard('{Escape}');
      expect(toggle(), 'Escape returns the focus to the menu button').toHaveFocus();
    },
    'link.click': ({ user }) => user.click(link()),
  },
  states: {
    closed: () => {
      expect(toggle()).toHaveAttribute('aria-expanded', 'false');
      expect(toggle()).toHaveAttribute('aria-controls', CONSOLE_MENU_ID);
      expect(panel()).not.toHaveClass('is-open');
      expect(panel()).toHaveAttribute('data-state', 'closed');
      // The landmark stays in the page (the stylesheet folds it on a phone only).
      expect(screen.getByRole('navigation', { name: 'Console' })).toBeInTheDocument();
    },
    open: () => {
      expect(toggle()).toHaveAttribute('aria-expanded', 'true');
      expect(panel()).toHaveClass('is-open');
      expect(panel()).toHaveAttribute('data-state', 'open');
      expect(link()).toBeVisible();
    },
  },
});
