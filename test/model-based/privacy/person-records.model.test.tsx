// personRecords, walked through the real <PrivacyRequestsPage> along every edge of the
// production machine's graph: a lookup (a wrong subject is an error beside the field), what is
// found (something, or nothing), the archive's link, the erasure asked for again (a different
// address is an error beside that field), erased, refused, a failed lookup asked again, a
// signed-out answer.
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { personRecordsMachine } from '../../../src/machines/privacy/person-records.machine.ts';
import { ConsoleApiError } from '../../../src/services/shared/console-api.client.ts';
import { CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import { PERSON_RECORDS_ERROR, PERSON_RECORDS_ROUTE, SubjectMessage, type PersonRecords } from '../../../src/validation/privacy/person-records.protocol.ts';
import { CONFIRM_MISMATCH, PrivacyRequestsPage } from '../../../src/views/privacy/privacy-requests-page.view.tsx';
import { consolePageProps } from '../../support/console-page.ts';
import { expectFieldError } from '../../support/govuk-errors.ts';
import { describeModel, fakePromiseActor, type FakePromiseActor, type StateAssertion } from '../harness/index.ts';

type Machine = typeof personRecordsMachine;
type Snapshot = SnapshotFrom<Machine>;

const PERSON = 'naledi@example.org';
const HELD: PersonRecords = {
  subject: PERSON,
  messages: [{ id: 12, form: '5', formTitle: 'Contact us', receivedAt: '2026-03-02T08:00:00.000Z', spam: false, files: 1 }],
  mentionedIn: [{ id: 15, form: '5', formTitle: 'Contact us', receivedAt: '2026-03-03T08:00:00.000Z' }],
  subscribers: [{ id: 7, email: PERSON, status: 'subscribed', consents: 2, brevoSyncedAt: null, changeWaiting: false }],
  outbox: 1,
  consoleAccount: false,
  erasable: true,
};
const NOTHING: PersonRecords = { subject: PERSON, messages: [], mentionedIn: [], subscribers: [], outbox: 0, consoleAccount: false, erasable: false };
const SIGNED_OUT = new ConsoleApiError(CONSOLE_REFUSAL.sessionExpired, 'Your session has ended.', 401);
const UNREACHABLE = new ConsoleApiError('fetch_error', 'The server could not be reached (Failed to fetch). Check the connection and try again.', 0);
const NOTHING_HELD = new ConsoleApiError(PERSON_RECORDS_ERROR.nothingHeld, 'Nothing that can be erased is held about this address or number.', 409);

let props = consolePageProps('owner');
const fake = (fakes: Record<string, unknown>, id: string) => fakes[id] as FakePromiseActor<unknown, { subject: string; confirm?: string }>;
const status = () => screen.getByRole('status');
const button = (name: string) => screen.queryByRole('button', { name });
const lookupField = () => document.getElementById('privacy-lookup-subject') as HTMLInputElement;
const confirmField = () => document.getElementById('privacy-erase-confirm') as HTMLInputElement;

/** What was found, as the page lists it, with the archive's link when anything is held. */
const expectFound = (snapshot: Snapshot) => {
  const records = snapshot.context.records!;
  const found = screen.getByRole('heading', { level: 2, name: `Held about ${records.subject}` }).parentElement!;
  if (records.erasable) {
    expect(within(found).getByRole('link', { name: 'Message 12' })).toHaveAttribute('href', '#/messages/12');
    expect(found).toHaveTextContent('one file');
    // The form by its title, not its number.
    expect(found).toHaveTextContent('Message 12 through “Contact us”');
    expect(found).not.toHaveTextContent('(form 5)');
    expect(within(found).getByRole('link', { name: `Newsletter subscriber ${PERSON}` })).toHaveAttribute('href', '#/subscribers/7');
    // Someone else's message that mentions them: named for review, not theirs.
    expect(within(found).getByRole('link', { name: 'Message 15' })).toHaveAttribute('href', '#/messages/15');
    expect(found).toHaveTextContent('Mentioned in a message from someone else (not exported or erased with theirs');
    expect(found).toHaveTextContent('2 consent records');
    expect(found).toHaveTextContent('1 mail or Brevo change in the outbox about them.');
    const download = within(found).getByRole('link', { name: 'Download everything (access request)' });
    expect(download.getAttribute('href')).toContain(`${PERSON_RECORDS_ROUTE.export}?subject=${encodeURIComponent(PERSON)}`);
  } else {
    expect(found).toHaveTextContent(`Nothing is held about ${records.subject}.`);
    expect(screen.queryByRole('link', { name: 'Download everything (access request)' })).toBeNull();
    expect(button('Erase everything')).toBeNull();
  }
};

const expectLookup = (error: string | undefined) => {
  expect(screen.getByRole('heading', { level: 1, name: 'Privacy requests' })).toBeInTheDocument();
  expectFieldError(lookupField().closest('.form-group')!, error, 'privacy-lookup-ve-subject');
};

const states: Record<string, StateAssertion<Machine>> = {
  asking: () => {
    expectLookup(undefined);
    expect(status()).toBeEmptyDOMElement();
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
  },
  invalid: () => {
    expectLookup(SubjectMessage);
  },
  searching: ({ snapshot, fakes }) => {
    expect(status()).toHaveTextContent('Looking…');
    expect(fake(fakes, 'findPersonRecords').pending?.input.subject).toBe(snapshot.context.subject.trim());
  },
  failed: () => {
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(`The lookup failed. ${UNREACHABLE.message}`);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
  'found.shown': ({ snapshot }) => {
    expectLookup(undefined);
    expectFound(snapshot);
    expect(button('Erase everything') !== null).toBe(snapshot.context.records!.erasable);
  },
  'found.confirming.editing': ({ snapshot }) => {
    expectFound(snapshot);
    expect(screen.getByRole('form', { name: `Erase everything held about ${PERSON}?` })).toBeVisible();
    expect(confirmField()).toHaveValue(snapshot.context.confirm);
    expectFieldError(confirmField().closest('.form-group')!, undefined, 'privacy-erase-ve-confirm');
  },
  'found.confirming.mismatch': ({ snapshot }) => {
    expectFound(snapshot);
    expectFieldError(confirmField().closest('.form-group')!, CONFIRM_MISMATCH, 'privacy-erase-ve-confirm');
  },
  'found.erasing': ({ fakes }) => {
    expect(status()).toHaveTextContent('Erasing…');
    expect(fake(fakes, 'erasePersonRecords').pending?.input).toMatchObject({ subject: PERSON, confirm: PERSON.toUpperCase() });
  },
  'found.refused': ({ snapshot }) => {
    expectFound(snapshot);
    expect(screen.getByRole('alert')).toHaveTextContent(`Nothing was erased. ${NOTHING_HELD.message}`);
    expect(button('Erase everything')).toBeVisible();
  },
  erased: () => {
    expect(status()).toHaveTextContent(`Everything held about ${PERSON} was erased. The audit log records that an erasure happened, not whose.`);
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
  },
  signedOut: () => {
    expect(props.onSessionEnded).toHaveBeenCalledTimes(1);
  },
};

describeModel({
  machine: personRecordsMachine,
  input: { api: props.api },
  eventSamples: [
    { type: 'subject.change', value: 'naledi' },
    { type: 'subject.change', value: ` ${PERSON} ` },
    { type: 'confirm.change', value: 'someone@example.org' },
    { type: 'confirm.change', value: PERSON.toUpperCase() },
    { type: 'xstate.done.actor.findPersonRecords', output: HELD },
    { type: 'xstate.done.actor.findPersonRecords', output: NOTHING },
    ...[UNREACHABLE, SIGNED_OUT].map((error) => ({ type: 'xstate.error.actor.findPersonRecords' as const, error })),
    { type: 'xstate.done.actor.erasePersonRecords', output: undefined },
    ...[NOTHING_HELD, SIGNED_OUT].map((error) => ({ type: 'xstate.error.actor.erasePersonRecords' as const, error })),
  ],
  fakes: { findPersonRecords: () => fakePromiseActor(), erasePersonRecords: () => fakePromiseActor() },
  serializeState: (snapshot) => {
    const { subject, confirm, records, problem } = snapshot.context;
    return JSON.stringify({ value: snapshot.value, subject, confirm, erasable: records?.erasable, problem: problem !== '' });
  },
  filterEvents: (snapshot, event) => {
    const { context } = snapshot;
    if (snapshot.matches('searching')) {
      if (!event.type.endsWith('.actor.findPersonRecords')) return false;
      // Asked again after a failure, it answers.
      return context.problem === '' || 'output' in event;
    }
    if (snapshot.matches({ found: 'erasing' })) return event.type.endsWith('.actor.erasePersonRecords');
    if (event.type.startsWith('xstate.')) return false;
    if (!snapshot.can(event)) return false;
    // The confirmation is typed wrong once, then right.
    // A wrong subject may be typed over any other (then looked up: the error beside the field), the right one over a wrong one.
    if (event.type === 'subject.change') return event.value === 'naledi' ? context.subject !== 'naledi' : context.subject === 'naledi';
    if (event.type === 'confirm.change') return event.value === 'someone@example.org' ? context.confirm === '' : context.confirm === 'someone@example.org';
    return true;
  },
  render: ({ logic, inspect }) => {
    props = consolePageProps('owner');
    return <PrivacyRequestsPage {...props} logic={logic} inspect={inspect} />;
  },
  events: {
    'subject.change': async ({ user, event }) => {
      await user.clear(lookupField());
      await user.type(lookupField(), (event as { value: string }).value);
    },
    'search.submit': ({ user }) => user.click(button('Look up')!),
    'search.retry': ({ user }) => user.click(button('Try again')!),
    'erase.start': ({ user }) => user.click(button('Erase everything')!),
    'confirm.change': async ({ user, event }) => {
      await user.clear(confirmField());
      await user.type(confirmField(), (event as { value: string }).value);
    },
    'erase.submit': ({ user }) => user.click(button('Erase')!),
    'erase.cancel': ({ user }) => user.click(button('Cancel')!),
  },
  states,
});
