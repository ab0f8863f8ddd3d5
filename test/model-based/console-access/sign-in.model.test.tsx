// signIn, walked through the real <SignInPage> along every edge of the production machine's
// graph: what the browser can do (no WebAuthn, passkey autofill or not), the autofill waiting
// on the address field, the button's ceremony, and each failure said in words beside the button.
import { screen } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { signInMachine } from '../../../src/machines/console-access/sign-in.machine.ts';
import { PASSKEY_FAILURE_TEXT, PasskeyError } from '../../../src/services/console-access/passkey-ceremonies.service.ts';
import { SignInPage } from '../../../src/views/console-access/sign-in-page.view.tsx';
import { describeModel, fakePromiseActor, type FakePromiseActor } from '../harness/index.ts';

vi.spyOn(console, 'error').mockImplementation(() => {});
let signedIn = 0;

const button = () => screen.queryByRole('button', { name: 'Sign in with a passkey' });
const autofillField = () => document.querySelector<HTMLInputElement>('input[autocomplete="username webauthn"]');

describeModel({
  machine: signInMachine,
  eventSamples: [
    { type: 'xstate.done.actor.checkPasskeySupport', output: { webAuthn: false, autofill: false } },
    { type: 'xstate.done.actor.checkPasskeySupport', output: { webAuthn: true, autofill: true } },
    { type: 'xstate.done.actor.checkPasskeySupport', output: { webAuthn: true, autofill: false } },
    { type: 'xstate.error.actor.checkPasskeySupport', error: new Error('no answer') },
    { type: 'xstate.done.actor.signInWithAutofill', output: { person: { id: 1, email: 'owner@example.co.za', role: 'owner' } } },
    { type: 'xstate.error.actor.signInWithAutofill', error: new PasskeyError('cancelled', '') },
    { type: 'xstate.error.actor.signInWithAutofill', error: new PasskeyError('passkeyUnknown', '') },
    { type: 'xstate.done.actor.signInWithButton', output: { person: { id: 1, email: 'owner@example.co.za', role: 'owner' } } },
    { type: 'xstate.error.actor.signInWithButton', error: new PasskeyError('rateLimited', '') },
    { type: 'xstate.error.actor.signInWithButton', error: new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError') },
    { type: 'signIn.start' },
  ],
  // A failure is shown until the next attempt: one failed attempt per path is enough.
  filterEvents: (snapshot, event) => !(snapshot.matches({ ready: 'failed' }) && event.type === 'signIn.start' && snapshot.context.failure !== 'rateLimited'),
  fakes: {
    checkPasskeySupport: () => fakePromiseActor(),
    signInWithAutofill: () => fakePromiseActor(),
    signInWithButton: () => fakePromiseActor(),
  },
  setup: () => {
    signedIn = 0;
  },
  render: ({ logic, inspect }) => <SignInPage notice={null} onSignedIn={() => (signedIn += 1)} logic={logic} inspect={inspect} />,
  events: {
    'signIn.start': async ({ user }) => {
      await user.click(button()!);
    },
  },
  states: {
    detecting: () => {
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign in');
      // The autofill field is there before autofill starts.
      expect(autofillField()).not.toBeNull();
      expect(button()).toBeEnabled();
    },
    unsupported: () => {
      expect(screen.getByRole('alert')).toHaveTextContent(PASSKEY_FAILURE_TEXT.unsupported);
      expect(button()).toBeNull();
    },
    'ready.listening': ({ fakes }) => {
      expect(autofillField()).toHaveAccessibleName('Email address');
      expect((fakes.signInWithAutofill as FakePromiseActor).pending).toBeDefined();
      expect(button()).toBeEnabled();
      expect(screen.queryByRole('alert')).toBeNull();
    },
    'ready.waiting': () => {
      expect(autofillField()).toBeNull();
      expect(button()).toBeEnabled();
      expect(screen.queryByRole('alert')).toBeNull();
    },
    'ready.failed': ({ snapshot }) => {
      const failure = snapshot.context.failure!;
      expect(screen.getByRole('alert')).toHaveTextContent(PASSKEY_FAILURE_TEXT[failure]);
      // Beside the button, and read with it.
      expect(button()).toHaveAccessibleDescription(PASSKEY_FAILURE_TEXT[failure]);
    },
    signingIn: ({ fakes }) => {
      expect(button()).toBeDisabled();
      expect(screen.getByRole('status')).toHaveTextContent('Waiting for your passkey…');
      expect((fakes.signInWithButton as FakePromiseActor).pending).toBeDefined();
      // The button's ceremony ended the autofill's.
      expect((fakes.signInWithAutofill as FakePromiseActor).pending?.signal.aborted ?? true).toBe(true);
    },
    signedIn: () => {
      expect(signedIn).toBe(1);
    },
  },
});
