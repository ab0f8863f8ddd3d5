// The account page's passkeys (README.md "The console"): listed (name, created, last used),
// another one added (optionally named, up to 60 characters), one removed (never the last: the
// server refuses with 409 and the page says why). A request answering "signed out" emits
// `session.ended` for the shell.
import { assign, emit, setup } from 'xstate';
import { addPasskey, loadPasskeys, removePasskey } from '../../services/console-access/console-access.actors.ts';
import { failureOfErrorEvent, type PasskeyFailure } from '../../services/console-access/passkey-ceremonies.service.ts';
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
  | { type: 'account.retry' };

export const accountMachine = setup({
  types: {
    context: {} as AccountContext,
    events: {} as AccountEvent,
    emitted: {} as { type: 'session.ended' } | { type: 'focus.summary' },
  },
  actors: { addPasskey, loadPasskeys, removePasskey },
  guards: {
    isSignedOut: ({ event }) => failureOfErrorEvent(event) === 'signedOut',
    isNameTooLong: ({ context }) => context.name.trim().length > PASSKEY_NAME_MAX,
  },
  actions: {
    assignPasskeys: assign({ passkeys: ({ event }) => (event as { output?: Passkey[] }).output ?? [] }),
    assignName: assign({ name: ({ event }) => (event.type === 'account.name.change' ? event.value : '') }),
    clearName: assign({ name: '' }),
    assignFailure: assign({ failure: ({ event }) => failureOfErrorEvent(event) }),
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
        onDone: { target: 'listed', actions: 'assignPasskeys' },
        onError: [{ guard: 'isSignedOut', target: 'unavailable', actions: 'announceSessionEnded' }, { target: 'unavailable', actions: 'assignFailure' }],
      },
    },
    unavailable: {
      on: { 'account.retry': { target: 'loading', actions: 'clearFailure' } },
    },
    listed: {
      initial: 'settled',
      on: {
        'account.name.change': { actions: 'assignName' },
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
      },
    },
    adding: {
      invoke: {
        id: 'addPasskey',
        src: 'addPasskey',
        input: ({ context }) => ({ name: context.name }),
        onDone: { target: 'listed.added', actions: ['assignPasskeys', 'clearName'] },
        onError: [{ guard: 'isSignedOut', target: 'listed.failed', actions: 'announceSessionEnded' }, { target: 'listed.failed', actions: 'assignFailure' }],
      },
    },
    removing: {
      invoke: {
        id: 'removePasskey',
        src: 'removePasskey',
        input: ({ event }) => ({ id: event.type === 'account.remove' ? event.id : 0 }),
        onDone: { target: 'listed.removed', actions: 'assignPasskeys' },
        onError: [{ guard: 'isSignedOut', target: 'listed.failed', actions: 'announceSessionEnded' }, { target: 'listed.failed', actions: 'assignFailure' }],
      },
    },
  },
});
