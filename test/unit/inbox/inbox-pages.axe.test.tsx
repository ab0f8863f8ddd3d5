// The inbox's pages pass axe-core's WCAG 2.2 A and AA rules in jsdom (contrast needs a layout
// engine: the browser tests measure it): the list with results, with a refused date, and the
// message as an owner sees it, with its delete confirmation.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { Message } from '../../../src/validation/inbox/inbox.protocol.ts';
import { inboxListMachine } from '../../../src/machines/inbox/inbox-list.machine.ts';
import { messageMachine } from '../../../src/machines/inbox/message.machine.ts';
import { InboxPage } from '../../../src/views/inbox/inbox-page.view.tsx';
import { MessagePage } from '../../../src/views/inbox/message-page.view.tsx';
import { consolePageProps } from '../../support/console-page.ts';
import { MESSAGE, PAGE_MORE } from '../../model-based/inbox/inbox-fixtures.ts';

async function expectNoViolations(container: HTMLElement) {
  const result = await axe.run(container, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  expect(result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

it('the inbox list, with results and with a to date before from', async () => {
  window.history.replaceState(null, '', '/admin/#/messages');
  const logic = inboxListMachine.provide({ actors: { listMessages: fromPromise(async () => PAGE_MORE) } });
  const { container } = render(<InboxPage {...consolePageProps()} logic={logic} />);
  await screen.findByText(/2 messages/);
  await expectNoViolations(container);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Received from'), '2026-03-10');
  await user.type(screen.getByLabelText('Received to'), '2026-03-01');
  await screen.findByText('Correct the dates to see messages.');
  await expectNoViolations(container);
});

it('a message as an owner sees it, and its delete confirmation', async () => {
  const logic = messageMachine.provide({
    actors: { fetchMessage: fromPromise(async () => MESSAGE), commandMessage: fromPromise(async (): Promise<Message> => ({ ...MESSAGE, read: true })) },
  });
  const { container } = render(<MessagePage {...consolePageProps('owner')} messageId={12} logic={logic} />);
  await waitFor(() => expect(screen.getByRole('button', { name: 'Mark as unread' })).toBeVisible());
  await expectNoViolations(container);
  await userEvent.setup().click(screen.getByRole('button', { name: 'Delete' }));
  await screen.findByRole('button', { name: 'Delete message' });
  await expectNoViolations(container);
});
