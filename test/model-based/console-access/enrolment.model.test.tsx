// enrolment, walked through the real <EnrolmentPage> along every edge of the production
// machine's graph: the invitation read (or explained when expired or used), the passkey's name
// checked (up to 60 characters, beside the field and in the error summary), the ceremony and
// its failures.
import { fireEvent, screen } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { enrolmentMachine } from '../../../src/machines/console-access/enrolment.machine.ts';
import { PASSKEY_FAILURE_TEXT, PasskeyError } from '../../../src/services/console-access/passkey-ceremonies.service.ts';
import { EnrolmentPage, PASSKEY_NAME_ERROR } from '../../../src/views/console-access/enrolment-page.view.tsx';
import { describeModel, fakePromiseActor, type FakePromiseActor } from '../harness/index.ts';

vi.spyOn(console, 'error').mockImplementation(() => {});
let enrolled = 0;
const TOO_LONG = 'x'.repeat(61);

const nameField = () => screen.queryByLabelText('Name for this passkey (optional)');
const createButton = () => screen.queryByRole('button', { name: 'Create passkey' });

describeModel({
  machine: enrolmentMachine,
  input: { token: 'tok_123' },
  eventSamples: [
    { type: 'xstate.done.actor.loadInvitation', output: { email: 'staff@example.co.za', role: 'staff', expiresAt: '2026-11-27T10:00:00.000Z' } },
    { type: 'xstate.error.actor.loadInvitation', error: new PasskeyError('invitationExpired', '') },
    { type: 'xstate.error.actor.loadInvitation', error: new PasskeyError('unreachable', '') },
    { type: 'enrolment.retry' },
    { type: 'enrolment.name.change', value: 'Work laptop' },
    { type: 'enrolment.name.change', value: TOO_LONG },
    { type: 'enrolment.submit' },
    { type: 'xstate.done.actor.enrolPasskey' },
    { type: 'xstate.error.actor.enrolPasskey', error: new PasskeyError('invitationExpired', '') },
    { type: 'xstate.error.actor.enrolPasskey', error: new PasskeyError('cancelled', '') },
  ],
  // A name is typed once (or fixed once after it was too long); a failed attempt is not repeated.
  filterEvents: (snapshot, event) => {
    if (event.type === 'enrolment.name.change') return event.value !== snapshot.context.name && (snapshot.context.name === '' || snapshot.context.name === TOO_LONG);
    if (event.type === 'enrolment.submit') return !snapshot.matches({ ready: 'failed' });
    return true;
  },
  fakes: {
    loadInvitation: () => fakePromiseActor(),
    enrolPasskey: () => fakePromiseActor(),
  },
  setup: () => {
    enrolled = 0;
  },
  render: ({ logic, inspect }) => <EnrolmentPage token="tok_123" onEnrolled={() => (enrolled += 1)} logic={logic} inspect={inspect} />,
  events: {
    'enrolment.retry': async ({ user }) => {
      await user.click(screen.getByRole('button', { name: 'Try again' }));
    },
    'enrolment.name.change': ({ event }) => {
      fireEvent.change(nameField()!, { target: { value: (event as { value: string }).value } });
    },
    'enrolment.submit': async ({ user }) => {
      await user.click(createButton()!);
    },
  },
  states: {
    loading: ({ fakes }) => {
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Create your passkey');
      expect(screen.getByRole('status')).toHaveTextContent('Reading your invitation…');
      expect((fakes.loadInvitation as FakePromiseActor).pending?.input).toEqual({ token: 'tok_123' });
    },
    unavailable: () => {
      expect(screen.getByRole('alert')).toHaveTextContent(PASSKEY_FAILURE_TEXT.unreachable);
      expect(createButton()).toBeNull();
    },
    invalid: () => {
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('This link cannot be used');
      expect(screen.getByText('This link has expired or was already used. Ask the owner for a new invitation.')).toBeInTheDocument();
      expect(createButton()).toBeNull();
    },
    ready: ({ snapshot }) => {
      expect(screen.getByText('staff@example.co.za')).toBeInTheDocument();
      expect(screen.getByText(/as staff\./)).toBeInTheDocument();
      expect(nameField()).toHaveValue(snapshot.context.name);
      expect(createButton()).toBeEnabled();
    },
    'ready.editing': () => {
      expect(nameField()).toHaveAttribute('aria-invalid', 'false');
      expect(screen.queryByRole('alert')).toBeNull();
    },
    'ready.nameInvalid': () => {
      expect(nameField()).toHaveAttribute('aria-invalid', 'true');
      expect(nameField()).toHaveAccessibleDescription(expect.stringContaining(PASSKEY_NAME_ERROR));
      expect(screen.getByRole('link', { name: PASSKEY_NAME_ERROR })).toBeInTheDocument();
    },
    'ready.failed': ({ snapshot }) => {
      expect(screen.getByRole('alert')).toHaveTextContent(PASSKEY_FAILURE_TEXT[snapshot.context.failure!]);
      expect(createButton()).toHaveAccessibleDescription(PASSKEY_FAILURE_TEXT[snapshot.context.failure!]);
    },
    registering: ({ snapshot, fakes }) => {
      expect(createButton()).toBeDisabled();
      expect(screen.getByText('Waiting for your passkey…')).toBeInTheDocument();
      expect((fakes.enrolPasskey as FakePromiseActor).pending?.input).toEqual({ token: 'tok_123', name: snapshot.context.name });
    },
    enrolled: () => {
      expect(enrolled).toBe(1);
      expect(screen.getByRole('status')).toHaveTextContent('Your passkey is ready. Signing you in…');
    },
  },
});
