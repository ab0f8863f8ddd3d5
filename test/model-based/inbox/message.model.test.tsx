// message, walked through the real <MessagePage> along every edge of the production machine's
// graph, for an owner (every action, delete with its confirmation) and for staff (no delete):
// a new message is marked read as it opens, a read spam message is not; each action busy, then
// done with the message as the server answers it, or failed; a message that is gone; a signed-out
// answer; a message that could not be loaded and is asked for again.
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { messageMachine } from '../../../src/machines/inbox/message.machine.ts';
import type { MessageCommand } from '../../../src/services/inbox/inbox-api.client.ts';
import { formatConsoleTime } from '../../../src/services/shared/console-time.ts';
import type { Message } from '../../../src/validation/inbox/inbox.protocol.ts';
import { DONE_TEXT, FAILED_TEXT } from '../../../src/views/inbox/inbox-texts.ts';
import { MessagePage } from '../../../src/views/inbox/message-page.view.tsx';
import { consolePageProps, TEST_TIME_ZONE } from '../../support/console-page.ts';
import { describeModel, fakePromiseActor, type ActorCompletionEvent, type FakePromiseActor, type StateAssertion } from '../harness/index.ts';
import { GONE, MESSAGE, SIGNED_OUT, UNREACHABLE } from './inbox-fixtures.ts';

type Machine = typeof messageMachine;
type Snapshot = SnapshotFrom<Machine>;

const READ_SPAM: Message = {
  ...MESSAGE,
  id: 12,
  fields: MESSAGE.fields.filter((field) => field.name !== 'your-subject'),
  attachments: [],
  page: null,
  read: true,
  spam: true,
  spamReason: 'a disallowed word: "followers"',
  delivery: { state: 'none', attempts: 0, queuedAt: null, sentAt: null, nextAttemptAt: null, lastError: null },
};

const QUEUED = { state: 'queued', attempts: 0, queuedAt: '2026-03-02T08:00:00.000Z', sentAt: null, nextAttemptAt: '2026-03-02T08:00:00.000Z', lastError: null } as const;

/** What the server answers to an action on a message. */
function applied(message: Message, command: MessageCommand): Message {
  switch (command) {
    case 'read':
      return { ...message, read: true };
    case 'unread':
      return { ...message, read: false };
    case 'spam':
      return { ...message, spam: true, spamReason: 'marked as spam in the console', delivery: { ...message.delivery, state: 'none', nextAttemptAt: null } };
    case 'release':
      return { ...message, spam: false, spamReason: null, delivery: QUEUED };
    case 'retry':
      return { ...message, delivery: { ...message.delivery, state: 'queued', nextAttemptAt: '2026-03-02T08:00:00.000Z' } };
  }
}

const COMMANDS: MessageCommand[] = ['read', 'unread', 'spam', 'release', 'retry'];
/** Every message two actions away from the ones the server first answers. */
const answers = (() => {
  const seen = new Map<string, Message>();
  let frontier = [MESSAGE, READ_SPAM];
  for (let depth = 0; depth < 2; depth += 1) {
    frontier = frontier.flatMap((message) => COMMANDS.map((command) => applied(message, command)));
    for (const message of frontier) seen.set(JSON.stringify(message), message);
  }
  return [...seen.values()];
})();

let props = consolePageProps();
const fake = (fakes: Record<string, unknown>, id: string) => fakes[id] as FakePromiseActor<unknown, { command?: MessageCommand; id: number }>;
const heading = () => screen.getByRole('heading', { level: 1 });
const status = () => document.querySelector<HTMLElement>('.message-status')!;
const button = (name: string) => screen.queryByRole('button', { name });
const runCommand = (snapshot: Snapshot): MessageCommand => (snapshot.matches('opening') ? 'read' : (snapshot.context.command as MessageCommand));
const titleOf = (message: Message) => message.fields.find((field) => field.name === 'your-subject')?.value ?? 'Message from Thandi Nkosi';

/** What every shown state shows: the heading, every field with its label, the facts, the attachments, the delivery. */
const expectMessageShown = (snapshot: Snapshot) => {
  const message = snapshot.context.message!;
  expect(heading()).toHaveTextContent(titleOf(message));
  const list = document.querySelector<HTMLElement>('dl.message-fields')!;
  for (const field of message.fields) {
    const term = within(list).getByText(field.label, { selector: 'dt' });
    expect(term.nextElementSibling).toHaveTextContent(field.value.replace(/\n/g, ' '));
  }
  expect(within(list).getByText('Received').nextElementSibling).toHaveTextContent(formatConsoleTime(message.receivedAt, TEST_TIME_ZONE));
  const sentFrom = within(list).getByText('Sent from').nextElementSibling!;
  if (message.page) expect(within(sentFrom as HTMLElement).getByRole('link')).toHaveAttribute('href', message.page);
  else expect(sentFrom).toHaveTextContent('Not known');
  expect(within(list).getByText('State').nextElementSibling).toHaveTextContent(message.spam ? `Spam: ${message.spamReason!}` : message.read ? 'Read' : 'New');
  for (const file of message.attachments) {
    const link = screen.getByRole('link', { name: file.name });
    expect(link).toHaveAttribute('href', file.url);
    expect(link).toHaveAttribute('download', file.name);
  }
  const delivery = document.querySelector('.message-delivery')!;
  const expected = { none: 'Not mailed', queued: 'Waiting to be sent', sent: 'Sent', failed: `Failed after ${message.delivery.attempts} attempts` }[message.delivery.state];
  expect(delivery).toHaveTextContent(expected);
  if (message.delivery.lastError && ['queued', 'failed'].includes(message.delivery.state)) expect(delivery).toHaveTextContent(message.delivery.lastError);
  expect(screen.getByRole('link', { name: 'Back to the inbox' })).toHaveAttribute('href', '#/messages');
};

/** The actions the message and the role allow, and no others. */
const expectActions = (snapshot: Snapshot, owner: boolean) => {
  const message = snapshot.context.message!;
  expect(button('Mark as unread') !== null).toBe(message.read);
  expect(button('Mark as read') !== null).toBe(!message.read);
  expect(button('Mark as spam') !== null).toBe(!message.spam);
  expect(button('Not spam') !== null).toBe(message.spam);
  if (message.spam) expect(button('Not spam')).toHaveAccessibleDescription('Not spam releases it: its mail goes out to the company’s inbox.');
  expect(button('Try again now') !== null).toBe(message.delivery.state === 'queued' || message.delivery.state === 'failed');
  expect(button('Delete') !== null).toBe(owner);
};

const states = (owner: boolean): Record<string, StateAssertion<Machine>> => ({
  loading: ({ fakes }) => {
    expect(heading()).toHaveTextContent('Message');
    expect(screen.getByRole('status')).toHaveTextContent('Loading the message…');
    expect(fake(fakes, 'fetchMessage').pending?.input.id).toBe(12);
  },
  opening: ({ snapshot, fakes }) => {
    expectMessageShown(snapshot);
    expect(status()).toHaveTextContent('Marking it as read…');
    expect(fake(fakes, 'commandMessage').pending?.input).toMatchObject({ id: 12, command: 'read' });
  },
  'shown.ready.idle': ({ snapshot }) => {
    expectMessageShown(snapshot);
    expectActions(snapshot, owner);
    expect(status()).toBeEmptyDOMElement();
  },
  'shown.ready.done': ({ snapshot }) => {
    expectMessageShown(snapshot);
    expectActions(snapshot, owner);
    expect(status()).toHaveTextContent(DONE_TEXT[snapshot.context.command]);
    expect(status()).toHaveFocus();
  },
  'shown.ready.failed': ({ snapshot }) => {
    expectMessageShown(snapshot);
    expectActions(snapshot, owner);
    expect(status()).toHaveTextContent(`${FAILED_TEXT[snapshot.context.command]} ${UNREACHABLE.message}`);
    expect(status()).toHaveFocus();
  },
  'shown.busy': ({ snapshot, fakes }) => {
    expectMessageShown(snapshot);
    expect(status()).toHaveTextContent('Working…');
    expect(fake(fakes, 'commandMessage').pending?.input.command).toBe(snapshot.context.command);
    for (const action of document.querySelectorAll('.message-actions button')) expect(action).toHaveAttribute('aria-disabled', 'true');
  },
  'shown.confirming': ({ snapshot }) => {
    expectMessageShown(snapshot);
    const group = screen.getByRole('group', { name: new RegExp(`Delete “${titleOf(snapshot.context.message!)}”`) });
    expect(group).toHaveTextContent('This cannot be undone.');
    expect(within(group).getByRole('button', { name: 'Delete message' })).toHaveFocus();
    expect(within(group).getByRole('button', { name: 'Cancel' })).toBeVisible();
  },
  'shown.deleting': ({ snapshot, fakes }) => {
    expectMessageShown(snapshot);
    expect(status()).toHaveTextContent('Working…');
    expect(fake(fakes, 'deleteMessage').pending?.input.id).toBe(12);
  },
  deleted: () => {
    expect(props.navigate).toHaveBeenCalledWith('#/messages');
  },
  missing: () => {
    expect(heading()).toHaveTextContent('Message not found');
    expect(screen.getByText('This message no longer exists.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the inbox' })).toHaveAttribute('href', '#/messages');
  },
  failed: () => {
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(`The message could not be loaded. ${UNREACHABLE.message}`);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
  signedOut: () => {
    expect(props.onSessionEnded).toHaveBeenCalledTimes(1);
  },
});

const errors = (id: string): ActorCompletionEvent[] => [UNREACHABLE, GONE, SIGNED_OUT].map((error) => ({ type: `xstate.error.actor.${id}`, error }));

for (const owner of [true, false]) {
  describeModel({
    machine: messageMachine,
    variant: owner ? 'owner' : 'staff',
    input: { api: props.api, id: 12, owner },
    eventSamples: [
      { type: 'xstate.done.actor.fetchMessage', output: MESSAGE },
      { type: 'xstate.done.actor.fetchMessage', output: READ_SPAM },
      ...errors('fetchMessage'),
      ...answers.map((output) => ({ type: 'xstate.done.actor.commandMessage' as const, output })),
      ...errors('commandMessage'),
      { type: 'xstate.done.actor.deleteMessage' },
      ...errors('deleteMessage'),
    ],
    fakes: { fetchMessage: () => fakePromiseActor(), commandMessage: () => fakePromiseActor(), deleteMessage: () => fakePromiseActor() },
    serializeState: (snapshot) => {
      const { message, command, problem } = snapshot.context;
      return JSON.stringify({ value: snapshot.value, message: message && { read: message.read, spam: message.spam, delivery: message.delivery.state }, command, problem: problem !== '' });
    },
    filterEvents: (snapshot, event) => {
      const { context } = snapshot;
      if (snapshot.matches('loading')) {
        if (!event.type.endsWith('.actor.fetchMessage')) return false;
        // Asked again after a failure, it answers.
        return context.problem === '' || ('output' in event && event.output === MESSAGE);
      }
      if (snapshot.matches('opening') || snapshot.matches({ shown: 'busy' })) {
        if (!event.type.endsWith('.actor.commandMessage')) return false;
        if ('output' in event) return JSON.stringify(event.output) === JSON.stringify(applied(context.message!, runCommand(snapshot)));
        // Staff walk the happy paths; the owner's model every failure, of the first action tried.
        return owner && (snapshot.matches('opening') || context.command === 'spam');
      }
      if (snapshot.matches({ shown: 'deleting' })) return event.type.endsWith('.actor.deleteMessage');
      if (event.type.startsWith('xstate.')) return false;
      if (!snapshot.can(event)) return false;
      // Actions start from a message at rest (idle) or after a failure; one at a time.
      if (event.type.startsWith('message.') && event.type !== 'message.reload') return snapshot.matches({ shown: { ready: 'idle' } }) || snapshot.matches({ shown: { ready: 'failed' } });
      return true;
    },
    render: ({ logic, inspect }) => {
      props = consolePageProps(owner ? 'owner' : 'staff');
      return <MessagePage {...props} messageId={12} logic={logic} inspect={inspect} />;
    },
    events: {
      'message.markRead': ({ user }) => user.click(button('Mark as read')!),
      'message.markUnread': ({ user }) => user.click(button('Mark as unread')!),
      'message.markSpam': ({ user }) => user.click(button('Mark as spam')!),
      'message.release': ({ user }) => user.click(button('Not spam')!),
      'message.retry': ({ user }) => user.click(button('Try again now')!),
      'message.delete': ({ user }) => user.click(button('Delete')!),
      'delete.confirm': ({ user }) => user.click(button('Delete message')!),
      'delete.cancel': ({ user }) => user.click(button('Cancel')!),
      'message.reload': ({ user }) => user.click(button('Try again')!),
    },
    states: states(owner),
  });
}
