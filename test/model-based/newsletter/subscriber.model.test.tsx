// subscriber, walked through the real <SubscriberPage> along every edge of the production
// machine's graph, for an owner (resend and unsubscribe, each confirmed; the note required;
// refusals) and for staff (no actions): the subscriber loaded, gone, unreachable then asked
// again, a signed-out answer. The confirmation mail is "sent" only once the mail server accepted
// it (README.md, "Mail health"; it said "mail sent" of a mail still waiting before): waiting
// (mail not set up), failing since, held, sent.
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { subscriberMachine } from '../../../src/machines/newsletter/subscriber.machine.ts';
import { formatConsoleTime } from '../../../src/services/shared/console-time.ts';
import { ownerUnsubscribeWording, type Subscriber } from '../../../src/validation/newsletter/subscribers.protocol.ts';
import { NOTE_MISSING, SubscriberPage } from '../../../src/views/newsletter/subscriber-page.view.tsx';
import { BREVO_NOT_CONNECTED, refusalText } from '../../../src/views/newsletter/subscriber-texts.ts';
import { consolePageProps, TEST_TIME_ZONE } from '../../support/console-page.ts';
import { expectFieldError } from '../../support/govuk-errors.ts';
import { describeModel, fakePromiseActor, type FakePromiseActor, type StateAssertion } from '../harness/index.ts';
import { GONE, SIGNED_OUT, SUBSCRIBER, TOO_SOON, UNREACHABLE } from './subscribers-fixtures.ts';

type Machine = typeof subscriberMachine;
type Snapshot = SnapshotFrom<Machine>;

const NOTE = 'Asked by phone on 2 March';
const RESENT: Subscriber = { ...SUBSCRIBER, pendingChange: { ...SUBSCRIBER.pendingChange!, confirmationMail: { state: 'waiting', since: '2026-03-03T09:00:00.000Z', blockedBy: null } } };
/** The same sign-up, its confirmation mail in each other state: shown, nothing done. */
const DELIVERIES: Array<{ subscriber: Subscriber; says: string }> = [
  {
    subscriber: {
      ...SUBSCRIBER,
      pendingChange: { ...SUBSCRIBER.pendingChange!, confirmationMail: { state: 'sent', at: '2026-03-02T07:31:00.000Z' } },
      brevo: { connected: true, syncedAt: '2026-03-02T07:32:00.000Z', error: null },
    },
    says: 'confirmation mail sent 02 Mar 2026, 09:31 (the mail server accepted it)',
  },
  {
    subscriber: {
      ...SUBSCRIBER,
      pendingChange: {
        ...SUBSCRIBER.pendingChange!,
        confirmationMail: { state: 'failing', since: '2026-03-02T07:30:00.000Z', reason: 'login', smtpAnswer: 'Invalid login: 535 Authentication failed', nextAttemptAt: '2026-03-02T08:30:00.000Z' },
      },
      brevo: { connected: true, syncedAt: null, error: 'Brevo answered 401 unauthorized' },
    },
    says: 'confirmation mail failing since 02 Mar 2026, 09:30: the mail server answered “Invalid login: 535 Authentication failed”; next try 02 Mar 2026, 10:30',
  },
  {
    subscriber: { ...SUBSCRIBER, pendingChange: { ...SUBSCRIBER.pendingChange!, confirmationMail: { state: 'held', since: '2026-03-09T07:30:00.000Z', smtpAnswer: '550 No such mailbox' } } },
    says: 'confirmation mail held since 09 Mar 2026, 09:30: given up on after MAIL_MAX_AGE (the mail server answered “550 No such mailbox”)',
  },
];
const DELIVERY_SUBSCRIBERS = new Set(DELIVERIES.map((entry) => entry.subscriber));
const UNSUBSCRIBED: Subscriber = {
  ...SUBSCRIBER,
  status: 'unsubscribed',
  unsubscribedAt: '2026-03-03T09:00:00.000Z',
  pendingChange: null,
  consents: [...SUBSCRIBER.consents, { action: 'unsubscribe', wording: ownerUnsubscribeWording(NOTE), at: '2026-03-03T09:00:00.000Z', form: SUBSCRIBER.form, lists: SUBSCRIBER.lists }],
};

let props = consolePageProps();
const fake = (fakes: Record<string, unknown>, id: string) => fakes[id] as FakePromiseActor<unknown, { id: number; note?: string }>;
const heading = () => screen.getByRole('heading', { level: 1 });
const status = () => screen.getByRole('status');
const button = (name: string) => screen.queryByRole('button', { name });
const note = () => document.getElementById('subscriber-unsubscribe-note') as HTMLTextAreaElement;

/** The facts and the whole consent history of the subscriber as the machine holds them. */
const expectShown = (snapshot: Snapshot) => {
  const subscriber = snapshot.context.subscriber!;
  expect(heading()).toHaveTextContent(subscriber.email);
  const facts = document.querySelector<HTMLElement>('dl.subscriber-facts')!;
  const fact = (term: string) => within(facts).getByText(term, { selector: 'dt' }).nextElementSibling;
  expect(fact('Status')).toHaveTextContent(subscriber.status === 'pending' ? 'Waiting for confirmation' : 'Unsubscribed');
  expect(fact('Lists')).toHaveTextContent('Project case studies, Showroom open days and events');
  expect(fact('SMS')).toHaveTextContent('+27825550123');
  // The form's label first, Brevo's name in a hint; a name no form labels any more as it is.
  const firstName = within(facts).getByText('First name', { selector: 'dt' });
  expect(firstName).toHaveTextContent('First name (in Brevo: FIRSTNAME)');
  expect(firstName.nextElementSibling).toHaveTextContent('Thandi');
  expect(fact('PROJECT_DATE')).toHaveTextContent('2027-03-05');
  const { brevo } = subscriber;
  if (!brevo.connected) expect(fact('Brevo')).toHaveTextContent(BREVO_NOT_CONNECTED);
  else if (brevo.syncedAt === null) expect(fact('Brevo')).toHaveTextContent(`Not synced yet — last error: ${brevo.error!}`);
  else expect(fact('Brevo')).toHaveTextContent(`Synced ${formatConsoleTime(brevo.syncedAt, TEST_TIME_ZONE)}`);
  const waiting = fact('Waiting for confirmation');
  const mail = subscriber.pendingChange?.confirmationMail;
  if (subscriber.pendingChange === null) expect(waiting).toHaveTextContent('Nothing');
  else if (subscriber === SUBSCRIBER) expect(waiting).toHaveTextContent('confirmation mail waiting since 02 Mar 2026, 09:30: mail is not set up (SMTP_URL), nothing is sent');
  else if (mail?.state === 'waiting') expect(waiting).toHaveTextContent(`confirmation mail waiting since ${formatConsoleTime(mail.since, TEST_TIME_ZONE)}`);
  else expect(waiting).toHaveTextContent(DELIVERIES.find((entry) => entry.subscriber === subscriber)!.says);
  // Never "sent" of mail the mail server has not accepted.
  if (mail?.state !== 'sent') expect(waiting).not.toHaveTextContent(/mail sent/);
  const history = [...document.querySelectorAll('.subscriber-consents > li')];
  expect(history).toHaveLength(subscriber.consents.length);
  for (const [index, consent] of subscriber.consents.entries()) {
    expect(history[index]!.querySelector('blockquote')).toHaveTextContent(consent.wording.replace(/\s+/g, ' '));
    expect(history[index]).toHaveTextContent(`on “${consent.form!.title}”`);
  }
  expect(screen.getByRole('link', { name: 'All subscribers' })).toHaveAttribute('href', '#/subscribers');
};

/** An owner sees the actions the subscriber's state allows; staff none. */
const expectActions = (snapshot: Snapshot, owner: boolean) => {
  const subscriber = snapshot.context.subscriber!;
  expect(button('Send the confirmation mail again') !== null).toBe(owner && subscriber.pendingChange !== null);
  expect(button('Unsubscribe at their request') !== null).toBe(owner && subscriber.status !== 'unsubscribed');
};

const states = (owner: boolean): Record<string, StateAssertion<Machine>> => ({
  loading: ({ fakes }) => {
    expect(heading()).toHaveTextContent('Subscriber');
    expect(status()).toHaveTextContent('Loading the subscriber…');
    expect(fake(fakes, 'fetchSubscriber').pending?.input.id).toBe(7);
  },
  failed: () => {
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(`The subscriber could not be loaded. ${UNREACHABLE.message}`);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
  missing: () => {
    expect(screen.getByText('There is no such subscriber.')).toBeVisible();
  },
  signedOut: () => {
    expect(props.onSessionEnded).toHaveBeenCalledTimes(1);
  },
  'shown.idle': ({ snapshot }) => {
    expectShown(snapshot);
    expectActions(snapshot, owner);
    expect(status()).toBeEmptyDOMElement();
  },
  'shown.confirmingResend': ({ snapshot }) => {
    expectShown(snapshot);
    const group = screen.getByRole('group', { name: 'Send the confirmation mail again?' });
    expect(group).toHaveTextContent('not within 10 minutes of the last one, and three a day per mailbox');
    expect(within(group).getByRole('button', { name: 'Send it' })).toBeVisible();
    expect(within(group).getByRole('button', { name: 'Cancel' })).toBeVisible();
  },
  'shown.resending': ({ snapshot, fakes }) => {
    expectShown(snapshot);
    expect(status()).toHaveTextContent('Sending the confirmation mail…');
    expect(fake(fakes, 'resendConfirmation').pending?.input.id).toBe(7);
    for (const action of document.querySelectorAll('.subscriber-actions button')) expect(action).toHaveAttribute('aria-disabled', 'true');
  },
  'shown.resent': ({ snapshot }) => {
    expectShown(snapshot);
    expectActions(snapshot, owner);
    expect(status()).toHaveTextContent('The confirmation mail is queued: its delivery is under “Waiting for confirmation”.');
  },
  'shown.resendRefused': ({ snapshot }) => {
    expectShown(snapshot);
    expectActions(snapshot, owner);
    expect(screen.getByRole('alert')).toHaveTextContent(`The confirmation mail was not sent. ${refusalText(snapshot.context.problem)}`);
    expect(screen.getByRole('alert')).toHaveTextContent('less than 10 minutes ago');
  },
  'shown.askingNote.editing': ({ snapshot }) => {
    expectShown(snapshot);
    expect(screen.getByRole('form', { name: 'Unsubscribe at the person’s request' })).toBeVisible();
    expect(note()).toHaveValue(snapshot.context.note);
    expectFieldError(note().closest('.form-group')!, undefined, 'subscriber-unsubscribe-ve-note');
  },
  'shown.askingNote.noteMissing': ({ snapshot }) => {
    expectShown(snapshot);
    expect(note()).toHaveValue(snapshot.context.note);
    expectFieldError(note().closest('.form-group')!, NOTE_MISSING, 'subscriber-unsubscribe-ve-note');
  },
  'shown.confirmingUnsubscribe': ({ snapshot }) => {
    expectShown(snapshot);
    const group = screen.getByRole('group', { name: `Unsubscribe ${SUBSCRIBER.email}?` });
    expect(group).toHaveTextContent(ownerUnsubscribeWording(NOTE));
    expect(within(group).getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
  },
  'shown.unsubscribing': ({ snapshot, fakes }) => {
    expectShown(snapshot);
    expect(status()).toHaveTextContent('Unsubscribing…');
    expect(fake(fakes, 'unsubscribeSubscriber').pending?.input).toMatchObject({ id: 7, note: NOTE });
  },
  'shown.unsubscribed': ({ snapshot }) => {
    expectShown(snapshot);
    expectActions(snapshot, owner);
    expect(status()).toHaveTextContent('Unsubscribed. The note is in the consent history.');
  },
  'shown.unsubscribeRefused': ({ snapshot }) => {
    expectShown(snapshot);
    expectActions(snapshot, owner);
    expect(screen.getByRole('alert')).toHaveTextContent(`The person was not unsubscribed. ${UNREACHABLE.message}`);
  },
});

for (const owner of [true, false]) {
  describeModel({
    machine: subscriberMachine,
    variant: owner ? 'owner' : 'staff',
    input: { api: props.api, id: 7, owner },
    eventSamples: [
      { type: 'xstate.done.actor.fetchSubscriber', output: SUBSCRIBER },
      ...DELIVERIES.map(({ subscriber }) => ({ type: 'xstate.done.actor.fetchSubscriber' as const, output: subscriber })),
      ...[UNREACHABLE, GONE, SIGNED_OUT].map((error) => ({ type: 'xstate.error.actor.fetchSubscriber' as const, error })),
      { type: 'xstate.done.actor.resendConfirmation', output: RESENT },
      ...[TOO_SOON, SIGNED_OUT].map((error) => ({ type: 'xstate.error.actor.resendConfirmation' as const, error })),
      { type: 'xstate.done.actor.unsubscribeSubscriber', output: UNSUBSCRIBED },
      ...[UNREACHABLE, SIGNED_OUT].map((error) => ({ type: 'xstate.error.actor.unsubscribeSubscriber' as const, error })),
      { type: 'note.change', value: NOTE },
    ],
    fakes: { fetchSubscriber: () => fakePromiseActor(), resendConfirmation: () => fakePromiseActor(), unsubscribeSubscriber: () => fakePromiseActor() },
    serializeState: (snapshot) => {
      const { subscriber, note: typed, problem } = snapshot.context;
      return JSON.stringify({ value: snapshot.value, status: subscriber?.status, mail: subscriber?.pendingChange?.confirmationMail, note: typed !== '', problem: problem.code });
    },
    filterEvents: (snapshot, event) => {
      const { context } = snapshot;
      // The other deliveries are shown, and that is all they are for.
      if (context.subscriber !== null && DELIVERY_SUBSCRIBERS.has(context.subscriber)) return false;
      if (snapshot.matches('loading')) {
        if (!event.type.endsWith('.actor.fetchSubscriber')) return false;
        // Asked again after a failure, it answers.
        return context.problem.code === '' || 'output' in event;
      }
      if (snapshot.matches({ shown: 'resending' })) return event.type.endsWith('.actor.resendConfirmation');
      if (snapshot.matches({ shown: 'unsubscribing' })) return event.type.endsWith('.actor.unsubscribeSubscriber');
      if (event.type.startsWith('xstate.')) return false;
      if (!snapshot.can(event)) return false;
      // The note is typed once, into an empty field.
      if (event.type === 'note.change') return context.note === '';
      return true;
    },
    render: ({ logic, inspect }) => {
      props = consolePageProps(owner ? 'owner' : 'staff');
      return <SubscriberPage {...props} subscriberId={7} logic={logic} inspect={inspect} />;
    },
    events: {
      'load.retry': ({ user }) => user.click(button('Try again')!),
      'resend.start': ({ user }) => user.click(button('Send the confirmation mail again')!),
      'resend.confirm': ({ user }) => user.click(button('Send it')!),
      'unsubscribe.start': ({ user }) => user.click(button('Unsubscribe at their request')!),
      'note.change': async ({ user }) => {
        await user.click(note());
        await user.paste(NOTE);
      },
      'unsubscribe.submit': ({ user }) => user.click(button('Continue')!),
      'unsubscribe.confirm': ({ user }) => user.click(button('Unsubscribe')!),
      'action.cancel': ({ user }) => user.click(button('Cancel') ?? button('Back')!),
    },
    states: states(owner),
  });
}
