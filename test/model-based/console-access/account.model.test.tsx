// account, walked through the real <AccountPage> along every edge of the production machine's
// graph: one's passkeys listed with their times in the company's time zone, another added, one
// removed (the last one refused, and said so), a session found ended handed to the shell, and
// an add refused for want of a recent passkey sign-in: the page asks for one beside the button,
// signs in again (or says why it could not) and then adds.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { accountMachine } from '../../../src/machines/console-access/account.machine.ts';
import { PASSKEY_FAILURE_TEXT, PasskeyError } from '../../../src/services/console-access/passkey-ceremonies.service.ts';
import { createConsoleApi } from '../../../src/services/shared/console-api.client.ts';
import { AccountPage } from '../../../src/views/console-access/account-page.view.tsx';
import { PASSKEY_NAME_ERROR } from '../../../src/views/console-access/enrolment-page.view.tsx';
import type { Passkey, SessionAnswer } from '../../../src/validation/console-access/console-access.protocol.ts';
import { describeModel, fakePromiseActor, type FakePromiseActor } from '../harness/index.ts';

vi.spyOn(console, 'error').mockImplementation(() => {});
let sessionEnded = 0;
let signOutsEverywhere = 0;
const TOO_LONG = 'x'.repeat(61);

const session: SessionAnswer = {
  person: { id: 1, email: 'owner@example.co.za', role: 'owner' },
  timeZone: 'Africa/Johannesburg',
  expiresAt: '2026-11-26T22:00:00.000Z',
  idleMinutes: 30,
};
const laptop: Passkey = { id: 1, name: 'Work laptop', createdAt: '2026-11-20T08:05:00.000Z', lastUsedAt: '2026-11-26T06:30:00.000Z' };
const phone: Passkey = { id: 2, name: 'Phone', createdAt: '2026-11-25T14:00:00.000Z', lastUsedAt: null };

const nameField = () => screen.queryByLabelText('Name for the new passkey (optional)');
const items = () => [...document.querySelectorAll<HTMLElement>('.console-passkeys__item')];

describeModel({
  machine: accountMachine,
  eventSamples: [
    { type: 'xstate.done.actor.loadPasskeys', output: [laptop] },
    { type: 'xstate.error.actor.loadPasskeys', error: new PasskeyError('signedOut', '') },
    { type: 'xstate.error.actor.loadPasskeys', error: new PasskeyError('unreachable', '') },
    { type: 'account.retry' },
    { type: 'account.name.change', value: 'Phone' },
    { type: 'account.name.change', value: TOO_LONG },
    { type: 'account.add' },
    { type: 'account.remove', id: 1 },
    { type: 'xstate.done.actor.addPasskey', output: [laptop, phone] },
    { type: 'xstate.error.actor.addPasskey', error: new PasskeyError('cancelled', '') },
    { type: 'xstate.error.actor.addPasskey', error: new PasskeyError('signedOut', '') },
    { type: 'xstate.error.actor.addPasskey', error: new PasskeyError('signInAgain', '') },
    { type: 'account.signInAgain' },
    { type: 'xstate.done.actor.signInAgain', output: { person: session.person } },
    { type: 'xstate.error.actor.signInAgain', error: new PasskeyError('cancelled', '') },
    { type: 'xstate.error.actor.signInAgain', error: new PasskeyError('signedOut', '') },
    { type: 'xstate.done.actor.removePasskey', output: [phone] },
    { type: 'xstate.error.actor.removePasskey', error: new PasskeyError('lastPasskey', '') },
    { type: 'xstate.error.actor.removePasskey', error: new PasskeyError('signedOut', '') },
  ],
  // Each outcome once: a name typed once (or fixed once), one add and one removal per path.
  filterEvents: (snapshot, event) => {
    const { context } = snapshot;
    if (event.type === 'account.name.change') return event.value !== context.name && (context.name === '' || context.name === TOO_LONG) && context.passkeys.length === 1;
    if (event.type === 'account.add') return context.passkeys.length === 1 && !snapshot.matches({ listed: 'failed' });
    if (event.type === 'account.remove') return context.passkeys.length === 1 && snapshot.matches({ listed: 'settled' }) && context.name === '';
    return true;
  },
  fakes: {
    loadPasskeys: () => fakePromiseActor(),
    addPasskey: () => fakePromiseActor(),
    signInAgain: () => fakePromiseActor(),
    removePasskey: () => fakePromiseActor(),
  },
  setup: () => {
    sessionEnded = 0;
    signOutsEverywhere = 0;
  },
  render: ({ logic, inspect }) => (
    <AccountPage
      session={session}
      api={createConsoleApi()}
      onSessionEnded={() => (sessionEnded += 1)}
      navigate={() => {}}
      onSignOutEverywhere={() => (signOutsEverywhere += 1)}
      logic={logic}
      inspect={inspect}
    />
  ),
  events: {
    'account.retry': async ({ user }) => {
      await user.click(screen.getByRole('button', { name: 'Try again' }));
    },
    'account.name.change': ({ event }) => {
      fireEvent.change(nameField()!, { target: { value: (event as { value: string }).value } });
    },
    'account.add': async ({ user }) => {
      await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    },
    'account.signInAgain': async ({ user }) => {
      await user.click(screen.getByRole('button', { name: 'Sign in again with your passkey' }));
    },
    'account.remove': async ({ user }) => {
      await user.click(screen.getByRole('button', { name: 'Remove the passkey “Work laptop”' }));
    },
  },
  states: {
    loading: () => {
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your account');
      expect(screen.getByRole('status')).toHaveTextContent('Loading your passkeys…');
      expect(screen.getByRole('button', { name: 'Sign out everywhere' })).toBeEnabled();
    },
    unavailable: ({ snapshot }) => {
      if (snapshot.context.failure === null) {
        // "Signed out": the shell takes over (it shows the sign-in page).
        expect(sessionEnded).toBe(1);
        return;
      }
      expect(screen.getByRole('alert')).toHaveTextContent(PASSKEY_FAILURE_TEXT[snapshot.context.failure]);
      expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    },
    listed: ({ snapshot }) => {
      const shown = items();
      expect(shown.map((item) => within(item).getByRole('heading').textContent)).toEqual(snapshot.context.passkeys.map((passkey) => passkey.name));
      // Times in the company's time zone (SAST, UTC+2).
      if (snapshot.context.passkeys.includes(laptop)) expect(shown[0]).toHaveTextContent(/Created 20 Nov 2026, 10:05\. Last used 26 Nov 2026, 08:30\./);
      if (snapshot.context.passkeys.includes(phone)) expect(shown.at(-1)).toHaveTextContent('Not used yet.');
      expect(nameField()).toHaveValue(snapshot.context.name);
    },
    'listed.settled': () => {
      expect(screen.queryByRole('alert')).toBeNull();
    },
    'listed.nameInvalid': () => {
      expect(nameField()).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByRole('link', { name: PASSKEY_NAME_ERROR })).toBeInTheDocument();
    },
    'listed.added': () => {
      expect(screen.getByRole('status')).toHaveTextContent('Passkey added.');
    },
    'listed.removed': () => {
      expect(screen.getByRole('status')).toHaveTextContent('Passkey removed.');
    },
    'listed.failed': ({ snapshot }) => {
      if (snapshot.context.failure === null) {
        expect(sessionEnded).toBe(1);
        return;
      }
      expect(screen.getByRole('alert')).toHaveTextContent(PASSKEY_FAILURE_TEXT[snapshot.context.failure]);
    },
    'listed.signInNeeded': ({ snapshot }) => {
      const failure = snapshot.context.failure!;
      // Beside the button it is about, announced; the sign-in button names it as its description.
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent(PASSKEY_FAILURE_TEXT[failure]);
      expect(alert.previousElementSibling).toHaveTextContent('Add a passkey');
      expect(screen.getByRole('button', { name: 'Sign in again with your passkey' })).toHaveAccessibleDescription(PASSKEY_FAILURE_TEXT[failure]);
      expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeEnabled();
    },
    'listed.signedInAgain': () => {
      expect(screen.getByRole('status')).toHaveTextContent('Signed in again. Add your new passkey within 5 minutes.');
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Sign in again with your passkey' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeEnabled();
    },
    signingInAgain: ({ fakes }) => {
      expect(screen.getByRole('status')).toHaveTextContent('Waiting for your passkey…');
      expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeDisabled();
      expect((fakes.signInAgain as FakePromiseActor).pending).toBeDefined();
    },
    adding: ({ snapshot, fakes }) => {
      expect(screen.getByRole('status')).toHaveTextContent('Waiting for your new passkey…');
      expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeDisabled();
      expect((fakes.addPasskey as FakePromiseActor).pending?.input).toEqual({ name: snapshot.context.name });
    },
    removing: ({ fakes }) => {
      expect(screen.getByRole('status')).toHaveTextContent('Removing the passkey…');
      expect((fakes.removePasskey as FakePromiseActor).pending?.input).toEqual({ id: 1 });
      expect(signOutsEverywhere).toBe(0);
    },
  },
});
