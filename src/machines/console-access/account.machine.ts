// The account page's passkeys (README.md "The console"): listed (name, created, last used),
// another one added (optionally named, up to 60 characters), one removed (never the last: the
// server refuses with 409 and the page says why). A request answering "signed out" emits
// `session.ended` for the shell.
//  - Adding a passkey needs a passkey sign-in from the last 5 minutes: the server refuses an
//    older session (403 console_recent_sign_in_required) → listed.signInNeeded, which asks the
//    person to sign in again with a passkey they have (account.signInAgain → signingInAgain);
//    done → listed.signedInAgain, where "Add a passkey" works; failed (cancelled…) → asked again.
import { assign, emit, setup } from 'xstate';
import { addPasskey, loadPasskeys, removePasskey, signInAgain } from '../../services/console-access/console-access.actors.ts';
import { passkeyErrorOf, type PasskeyFailure } from '../../services/console-access/passkey-ceremonies.service.ts';
import type { Passkey } from '../../validation/console-access/console-access.protocol.ts';
import { PASSKEY_NAME_MAX } from './console-access.constants.ts';

export interface AccountContext {
  passkeys: Passkey[];
  name: string;
  failure: PasskeyFailure | null;
}

export type AccountEvent =
  | { type: 'account.name.change'; value: string }
  | { type: 'account.add' }
  | { type: 'account.remove'; id: number }
  | { type: 'account.signInAgain' }
  | { type: 'account.retry' };

/** An `onError` transition's params: why the request or ceremony failed. */
const failureOf = ({ event }: { event: { error: unknown } }): PasskeyFailure => passkeyErrorOf(event.error).failure;
/** An `onDone` transition's params: the passkeys the actor answered. */
const passkeysOf = ({ event }: { event: { output: Passkey[] } }): Passkey[] => event.output;

/** A failed request: a session found over goes to the shell; anything else is said on the page. */
const failedTo = (target: string) =>
  [
    { guard: { type: 'isSignedOut', params: failureOf }, target, actions: 'announceSessionEnded' },
    { target, actions: { type: 'assignFailure', params: failureOf } },
  ] as const;

export const accountMachine = setup({
  types: {
    context: {} as AccountContext,
    events: {} as AccountEvent,
    emitted: {} as { type: 'session.ended' } | { type: 'focus.summary' },
  },
  actors: { addPasskey, loadPasskeys, removePasskey, signInAgain },
  guards: {
    isSignedOut: (_, failure: PasskeyFailure) => failure === 'signedOut',
    isSignInNeeded: (_, failure: PasskeyFailure) => failure === 'signInAgain',
    isNameTooLong: ({ context }) => context.name.trim().length > PASSKEY_NAME_MAX,
  },
  actions: {
    assignPasskeys: assign((_, passkeys: Passkey[]) => ({ passkeys })),
    assignName: assign((_, name: string) => ({ name })),
    clearName: assign({ name: '' }),
    assignFailure: assign((_, failure: PasskeyFailure) => ({ failure })),
    clearFailure: assign({ failure: null }),
    focusSummary: emit({ type: 'focus.summary' } as const),
    announceSessionEnded: emit({ type: 'session.ended' } as const),
  },
}).createMachine({
  id: 'account',
  context: { passkeys: [], name: '', failure: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPasskeys',
        src: 'loadPasskeys',
        onDone: { target: 'listed', actions: { type: 'assignPasskeys', params: passkeysOf } },
        onError: failedTo('unavailable'),
      },
    },
    unavailable: {
      on: { 'account.retry': { target: 'loading', actions: 'clearFailure' } },
    },
    listed: {
      initial: 'settled',
      on: {
        'account.name.change': { actions: { type: 'assignName', params: ({ event }) => event.value } },
        'account.add': [
          { guard: 'isNameTooLong', target: '.nameInvalid', actions: 'focusSummary' },
          { target: 'adding', actions: 'clearFailure' },
        ],
        'account.remove': { target: 'removing', actions: 'clearFailure' },
      },
      states: {
        settled: {},
        nameInvalid: {},
        added: {},
        removed: {},
        failed: {},
        /** The server wants a passkey sign-in from the last 5 minutes first: asked for, with why (or why the last try failed). */
        signInNeeded: {
          on: { 'account.signInAgain': { target: '#account.signingInAgain', actions: 'clearFailure' } },
        },
        /** Signed in again: adding a passkey works for the next 5 minutes. */
        signedInAgain: {},
      },
    },
    adding: {
      invoke: {
        id: 'addPasskey',
        src: 'addPasskey',
        input: ({ context }) => ({ name: context.name }),
        onDone: { target: 'listed.added', actions: [{ type: 'assignPasskeys', params: passkeysOf }, 'clearName'] },
        onError: [
          { guard: { type: 'isSignedOut', params: failureOf }, target: 'listed.failed', actions: 'announceSessionEnded' },
          { guard: { type: 'isSignInNeeded', params: failureOf }, target: 'listed.signInNeeded', actions: { type: 'assignFailure', params: failureOf } },
          { target: 'listed.failed', actions: { type: 'assignFailure', params: failureOf } },
        ],
      },
    },
    signingInAgain: {
      invoke: {
        id: 'signInAgain',
        src: 'signInAgain',
        onDone: 'listed.signedInAgain',
        onError: [
          { guard: { type: 'isSignedOut', params: failureOf }, target: 'listed.failed', actions: 'announceSessionEnded' },
          { target: 'listed.signInNeeded', actions: { type: 'assignFailure', params: failureOf } },
        ],
      },
    },
    removing: {
      invoke: {
        id: 'removePasskey',
        src: 'removePasskey',
        input: ({ event }) => ({ id: event.type === 'account.remove' ? event.id : 0 }),
        onDone: { target: 'listed.removed', actions: { type: 'assignPasskeys', params: passkeysOf } },
        onError: failedTo('listed.failed'),
      },
    },
  },
});
