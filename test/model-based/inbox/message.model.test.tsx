// message, walked through the real <MessagePage> along every edge of the production machine's
// graph, for an owner (every action, delete with its confirmation) and for staff (no delete):
// a new message is marked read as it opens, a read spam message is not; each action busy, then
// done with the message as the server answers it, or failed; "Try again now" retrying, then in
// the state of what happened, said in words (README.md, "Mail health": sent, the mail server's
// answer, held again, mail not set up, no company address, no answer yet; it said nothing
// before); a message that is gone; a signed-out answer; a message that could not be loaded and is
// asked for again.
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { messageMachine } from '../../../src/machines/inbox/message.machine.ts';
import type { MessageCommand } from '../../../src/services/inbox/inbox-api.client.ts';
import { formatConsoleTime } from '../../../src/services/shared/console-time.ts';
import type { MailRetry, MailRetryOutcome, Message, RetryAnswer } from '../../../src/validation/inbox/inbox.protocol.ts';
import { DONE_TEXT, FAILED_TEXT } from '../../../src/views/inbox/inbox-texts.ts';
import { MessagePage, NOTE_MISSING } from '../../../src/views/inbox/message-page.view.tsx';
import { expectFieldError } from '../../support/govuk-errors.ts';
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
  // As the disallowed-words filter stores it.
  spamReason: 'disallowed_list: the disallowed word "followers" is used.',
  delivery: { state: 'none', attempts: 0, queuedAt: null, sentAt: null, nextAttemptAt: null, lastError: null },
};

/** Each stored spam reason as the page says it. */
const SPAM_WORDS: Record<string, string> = {
  'disallowed_list: the disallowed word "followers" is used.': 'it contains “followers”, a word on the site’s list of disallowed words (DISALLOWED_WORDS)',
  'marked as spam in the console': 'marked as spam in the console',
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
    case 'answered':
      return { ...message, answered: ANSWERED };
    case 'unanswered':
      return { ...message, answered: null };
  }
}

/** An internal note, as typed and as the server answers it. */
const NOTE_TEXT = 'Called her back: site visit on Friday.';
const withNote = (message: Message): Message => ({ ...message, notes: [...message.notes, { id: 3, at: '2026-03-02T09:20:00.000Z', by: 'staff@example.co.za', text: NOTE_TEXT }] });
const noteField = () => document.getElementById('message-note-note') as HTMLTextAreaElement;

/** Who marked it answered, and when. */
const ANSWERED = { at: '2026-03-02T09:15:00.000Z', by: 'staff@example.co.za' };

const COMMANDS: MessageCommand[] = ['read', 'unread', 'spam', 'release', 'answered', 'unanswered'];

const NEXT_TRY = '2026-03-02T08:05:00.000Z';
/** What "Try again now" answers, by what happened, and what the status then says. */
const RETRIES: Record<MailRetryOutcome, { retry: MailRetry; delivery: Message['delivery']; status: string }> = {
  delivered: {
    retry: { outcome: 'delivered', delivered: 1 },
    delivery: { state: 'sent', attempts: 1, queuedAt: '2026-03-02T07:30:00.000Z', sentAt: '2026-03-02T08:00:00.000Z', nextAttemptAt: null, lastError: null },
    status: 'Sent: the mail server accepted its mail.',
  },
  failed: {
    retry: { outcome: 'failed', delivered: 0, reason: 'login', smtpAnswer: 'Invalid login: 535 5.7.8 Authentication credentials invalid', held: false, nextAttemptAt: NEXT_TRY },
    delivery: { state: 'queued', attempts: 1, queuedAt: '2026-03-02T07:30:00.000Z', sentAt: null, nextAttemptAt: NEXT_TRY, lastError: 'Invalid login: 535 5.7.8 Authentication credentials invalid' },
    status:
      'Not sent: the mail server refused the login. It answered: “Invalid login: 535 5.7.8 Authentication credentials invalid”. It is tried again by itself, next on 02 Mar 2026, 10:05. Check the user name and password in SMTP_URL with your mail provider (a changed password, or an app password the provider asks for), then restart the site.',
  },
  notConfigured: {
    retry: { outcome: 'notConfigured', variable: 'SMTP_URL' },
    delivery: { state: 'queued', attempts: 0, queuedAt: '2026-03-02T07:30:00.000Z', sentAt: null, nextAttemptAt: '2026-03-02T08:00:00.000Z', lastError: null },
    status: 'Not sent: mail is not set up (SMTP_URL is not set on the server), so nothing can be tried. The mail waits and goes out once SMTP_URL is set.',
  },
  noCompanyAddress: {
    retry: { outcome: 'noCompanyAddress', variable: 'MAIL_TO' },
    delivery: { state: 'queued', attempts: 0, queuedAt: '2026-03-02T07:30:00.000Z', sentAt: null, nextAttemptAt: '2026-03-02T08:00:00.000Z', lastError: null },
    status: 'Not sent: the company’s copy has no recipient, because MAIL_TO is not set on the server. It waits and goes out once MAIL_TO is set.',
  },
  stillTrying: {
    retry: { outcome: 'stillTrying' },
    delivery: { state: 'queued', attempts: 1, queuedAt: '2026-03-02T07:30:00.000Z', sentAt: null, nextAttemptAt: '2026-03-02T08:05:00.000Z', lastError: null },
    status: 'No answer from the mail server within 20 seconds: the mail is still being tried.',
  },
};
/** A held mail tried again and refused again: held once more. */
const HELD_AGAIN: RetryAnswer['retry'] = { outcome: 'failed', delivered: 0, reason: 'other', smtpAnswer: '550 5.1.1 Recipient address rejected', held: true, nextAttemptAt: null };
const retryAnswer = (message: Message, outcome: MailRetryOutcome): RetryAnswer => ({ message: { ...message, delivery: RETRIES[outcome].delivery }, retry: RETRIES[outcome].retry });
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
function runCommand(snapshot: Snapshot): MessageCommand | 'note' {
  const { command } = snapshot.context;
  if (snapshot.matches('opening')) return 'read';
  if (command === 'retry' || command === 'delete') throw new Error(`${command} is not a command`);
  return command;
}
const titleOf = (message: Message) => message.fields.find((field) => field.name === 'your-subject')?.value ?? 'Message from Thandi Nkosi';

/** What every shown state shows: the heading, every field with its label, the facts, the attachments, the delivery. */
const expectMessageShown = (snapshot: Snapshot) => {
  const message = snapshot.context.message!;
  expect(heading()).toHaveTextContent(titleOf(message));
  const list = document.querySelector<HTMLElement>('dl.message-fields')!;
  for (const field of message.fields) {
    const term = within(list).getByText(field.label, { selector: 'dt' });
    // The sender's address starts a reply, their number calls it; not for spam.
    const link = within(term.nextElementSibling as HTMLElement).queryByRole('link');
    if (message.spam || (field.part !== 'email' && field.part !== 'phone')) expect(link).toBeNull();
    else if (field.part === 'email') expect(link).toHaveAttribute('href', `mailto:thandi@example.co.za?subject=${encodeURIComponent(`Re: ${titleOf(message)}`)}&body=${encodeURIComponent('\n\n> We need a 6 m wall\n> for three days in April.')}`);
    else expect(link).toHaveAttribute('href', 'tel:+27825550123');
    // An agreement box says it was ticked and what was agreed to, never "1".
    if (field.agreement !== undefined) expect(term.nextElementSibling).toHaveTextContent(`Ticked: “${field.agreement}”`);
    else expect(term.nextElementSibling).toHaveTextContent(field.value.replace(/\n/g, ' '));
  }
  expect(within(list).getByText('Received').nextElementSibling).toHaveTextContent(formatConsoleTime(message.receivedAt, TEST_TIME_ZONE));
  // The notes, each with when and who; the field empty unless something is being written.
  const notes = [...document.querySelectorAll('.message-notes > li')];
  expect(notes).toHaveLength(message.notes.length);
  for (const [index, note] of message.notes.entries()) expect(notes[index]).toHaveTextContent(`02 Mar 2026, 11:20, ${note.by}${note.text}`);
  expect(noteField().value).toBe(snapshot.context.note);
  // Who marked it answered, and when (11:15 in the company's time zone), or "Not yet".
  expect(within(list).getByText('Answered').nextElementSibling).toHaveTextContent(message.answered === null ? 'Not yet' : '02 Mar 2026, 11:15 by staff@example.co.za');
  const sentFrom = within(list).getByText('Sent from').nextElementSibling!;
  if (message.page) expect(within(sentFrom as HTMLElement).getByRole('link')).toHaveAttribute('href', message.page);
  else expect(sentFrom).toHaveTextContent('Not known');
  expect(within(list).getByText('State').nextElementSibling).toHaveTextContent(message.spam ? `Spam: ${SPAM_WORDS[message.spamReason!]!}` : message.read ? 'Read' : 'New');
  for (const file of message.attachments) {
    const link = screen.getByRole('link', { name: file.name });
    expect(link).toHaveAttribute('href', file.url);
    expect(link).toHaveAttribute('download', file.name);
  }
  const delivery = document.querySelector('.message-delivery')!;
  // "Sent" only of mail the mail server accepted: else waiting, failing since, or held.
  const expected = {
    none: 'Not mailed',
    queued: message.delivery.lastError ? 'Failing since' : 'Waiting to be sent',
    sent: 'Sent at',
    failed: `Held: given up on after ${message.delivery.attempts} attempts`,
  }[message.delivery.state];
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
  expect(button('Mark as answered') !== null).toBe(message.answered === null);
  expect(button('Mark as not answered') !== null).toBe(message.answered !== null);
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
    expect(status()).toHaveTextContent(DONE_TEXT[runCommand(snapshot)]);
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
  'shown.ready.noteMissing': ({ snapshot }) => {
    expectMessageShown(snapshot);
    expectFieldError(noteField().closest('.form-group')!, NOTE_MISSING, 'message-note-ve-note');
  },
  'shown.noting': ({ snapshot, fakes }) => {
    expectMessageShown(snapshot);
    expect(status()).toHaveTextContent('Working…');
    expect(fake(fakes, 'addNote').pending?.input).toMatchObject({ id: 12, text: NOTE_TEXT });
  },
  'shown.retrying': ({ snapshot, fakes }) => {
    expectMessageShown(snapshot);
    expect(status()).toHaveTextContent('Trying its mail now: waiting for the mail server’s answer…');
    expect(fake(fakes, 'retryMail').pending?.input.id).toBe(12);
    for (const action of document.querySelectorAll('.message-actions button')) expect(action).toHaveAttribute('aria-disabled', 'true');
  },
  'shown.ready.retried': ({ snapshot }) => {
    expectMessageShown(snapshot);
    expectActions(snapshot, owner);
    expect(status()).toHaveFocus();
  },
  ...Object.fromEntries(
    (Object.keys(RETRIES) as MailRetryOutcome[]).map((outcome) => [
      `shown.ready.retried.${outcome}`,
      ({ snapshot }: { snapshot: Snapshot }) => {
        const { retry } = snapshot.context;
        if (retry === HELD_AGAIN) {
          expect(status()).toHaveTextContent('Not sent: the mail server refused it. It answered: “550 5.1.1 Recipient address rejected”. It is held again: it is no longer tried by itself.');
        } else {
          expect(status()).toHaveTextContent(RETRIES[outcome].status);
        }
        expect(status().classList.contains('message-status--failed')).toBe(outcome === 'failed');
      },
    ]),
  ),
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
      ...answers.flatMap((message) => (Object.keys(RETRIES) as MailRetryOutcome[]).map((outcome) => ({ type: 'xstate.done.actor.retryMail' as const, output: retryAnswer(message, outcome) }))),
      ...answers.map((message) => ({ type: 'xstate.done.actor.retryMail' as const, output: { message, retry: HELD_AGAIN } })),
      ...errors('retryMail'),
      ...answers.map((message) => ({ type: 'xstate.done.actor.addNote' as const, output: withNote(message) })),
      ...errors('addNote'),
      { type: 'note.change', value: NOTE_TEXT },
      { type: 'xstate.done.actor.deleteMessage' },
      ...errors('deleteMessage'),
    ],
    fakes: { fetchMessage: () => fakePromiseActor(), commandMessage: () => fakePromiseActor(), deleteMessage: () => fakePromiseActor(), retryMail: () => fakePromiseActor(), addNote: () => fakePromiseActor() },
    serializeState: (snapshot) => {
      const { message, command, problem, retry } = snapshot.context;
      const { note } = snapshot.context;
      return JSON.stringify({
        value: snapshot.value,
        message: message && { read: message.read, spam: message.spam, delivery: message.delivery.state, answered: message.answered !== null, notes: message.notes.length },
        command,
        note: note !== '',
        problem: problem !== '',
        retry: retry === HELD_AGAIN ? 'heldAgain' : retry?.outcome,
      });
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
        const ran = runCommand(snapshot);
        if (ran === 'note') return false;
        if ('output' in event) return JSON.stringify(event.output) === JSON.stringify(applied(context.message!, ran));
        // Staff walk the happy paths; the owner's model every failure, of the first action tried.
        return owner && (snapshot.matches('opening') || context.command === 'spam');
      }
      if (snapshot.matches({ shown: 'retrying' })) {
        if (!event.type.endsWith('.actor.retryMail')) return false;
        // The message as it was, with its mail as the attempt left it; held again only from a held mail.
        if ('output' in event) {
          const { message, retry } = event.output as RetryAnswer;
          if (retry === HELD_AGAIN) return context.message?.delivery.state === 'failed' && JSON.stringify(message) === JSON.stringify(context.message);
          return JSON.stringify(message) === JSON.stringify(retryAnswer(context.message!, retry.outcome).message);
        }
        return owner;
      }
      if (snapshot.matches({ shown: 'deleting' })) return event.type.endsWith('.actor.deleteMessage');
      if (snapshot.matches({ shown: 'noting' })) {
        if (!event.type.endsWith('.actor.addNote')) return false;
        if ('output' in event) return JSON.stringify(event.output) === JSON.stringify(withNote(context.message!));
        return owner;
      }
      // One note per path, written on a new message at rest (or after "Add note" with nothing written).
      if (event.type === 'note.change' || event.type === 'note.submit') {
        const atRest = snapshot.matches({ shown: { ready: 'idle' } }) || snapshot.matches({ shown: { ready: 'noteMissing' } });
        if (!atRest || context.message!.notes.length > 0 || context.message!.spam || context.message!.answered !== null) return false;
        return event.type === 'note.submit' || context.note === '';
      }
      if (event.type.startsWith('xstate.')) return false;
      if (!snapshot.can(event)) return false;
      // Actions start from a message at rest (idle) or after a failure; one at a time.
      // "Mark as not answered" right after marking it answered: the one way to an answered message.
      if (event.type === 'message.markUnanswered') return snapshot.matches({ shown: { ready: 'done' } });
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
      'message.markAnswered': ({ user }) => user.click(button('Mark as answered')!),
      'message.markUnanswered': ({ user }) => user.click(button('Mark as not answered')!),
      'message.retry': ({ user }) => user.click(button('Try again now')!),
      'message.delete': ({ user }) => user.click(button('Delete')!),
      'delete.confirm': ({ user }) => user.click(button('Delete message')!),
      'delete.cancel': ({ user }) => user.click(button('Cancel')!),
      'message.reload': ({ user }) => user.click(button('Try again')!),
      'note.change': async ({ user }) => {
        await user.click(noteField());
        await user.paste(NOTE_TEXT);
      },
      'note.submit': ({ user }) => user.click(button('Add note')!),
    },
    states: states(owner),
  });
}
