// Signing in to the console with a passkey (README.md "The console"): first what the browser
// can do (no WebAuthn: say so; passkey autofill: offer the passkeys in the address field's
// suggestions while the page waits); the "Sign in with a passkey" button runs the ceremony
// itself (and ends a waiting autofill). A failure is shown beside the button until the next
// attempt; success emits `signed.in` for the shell.
import { assign, emit, setup } from 'xstate';
import { checkPasskeySupport, signInWithAutofill, signInWithButton } from '../../services/console-access/console-access.actors.ts';
import { failureOfErrorEvent, type PasskeyFailure, type PasskeySupport } from '../../services/console-access/passkey-ceremonies.service.ts';

export interface SignInContext {
  /** Why the last attempt failed (shown while in `ready.failed`). */
  failure: PasskeyFailure | null;
}

export type SignInEvent = { type: 'signIn.start' };

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    emitted: {} as { type: 'signed.in' },
  },
  actors: { checkPasskeySupport, signInWithAutofill, signInWithButton },
  guards: {
    isWithoutWebAuthn: ({ event }) => (event as { output?: PasskeySupport }).output?.webAuthn === false,
    hasAutofill: ({ event }) => (event as { output?: PasskeySupport }).output?.autofill === true,
    isCancelled: ({ event }) => failureOfErrorEvent(event) === 'cancelled',
  },
  actions: {
    assignFailure: assign({ failure: ({ event }) => failureOfErrorEvent(event) }),
    clearFailure: assign({ failure: null }),
    announceSignedIn: emit({ type: 'signed.in' } as const),
  },
}).createMachine({
  id: 'signIn',
  context: { failure: null },
  initial: 'detecting',
  states: {
    detecting: {
      invoke: {
        id: 'checkPasskeySupport',
        src: 'checkPasskeySupport',
        onDone: [
          { guard: 'isWithoutWebAuthn', target: 'unsupported' },
          { guard: 'hasAutofill', target: 'ready.listening' },
          { target: 'ready.waiting' },
        ],
        onError: { target: 'ready.waiting' },
      },
    },
    /** No WebAuthn in this browser: nothing to press. */
    unsupported: {},
    ready: {
      initial: 'waiting',
      on: { 'signIn.start': { target: 'signingIn', actions: 'clearFailure' } },
      states: {
        /** Passkey autofill waits for the person to pick a passkey in the field's suggestions. */
        listening: {
          invoke: {
            id: 'signInWithAutofill',
            src: 'signInWithAutofill',
            onDone: { target: '#signIn.signedIn' },
            onError: [{ guard: 'isCancelled', target: 'waiting' }, { target: 'failed', actions: 'assignFailure' }],
          },
        },
        waiting: {},
        failed: {},
      },
    },
    signingIn: {
      invoke: {
        id: 'signInWithButton',
        src: 'signInWithButton',
        onDone: { target: 'signedIn' },
        onError: { target: 'ready.failed', actions: 'assignFailure' },
      },
    },
    signedIn: {
      type: 'final',
      entry: 'announceSignedIn',
    },
  },
});
