// The enrolment link's page, `#/enrol/<token>` (README.md "The console"): the invitation is
// read (whose address, which role); a link that is unknown, used or older than 24 hours is
// explained; the person may name the passkey (up to 60 characters) and creates it; the server
// signs them in and `enrolled` is emitted for the shell.
import { assign, emit, setup } from 'xstate';
import { enrolPasskey, loadInvitation } from '../../services/console-access/console-access.actors.ts';
import { failureOfErrorEvent, type PasskeyFailure } from '../../services/console-access/passkey-ceremonies.service.ts';
import type { EnrolmentAnswer } from '../../validation/console-access/console-access.protocol.ts';
import { PASSKEY_NAME_MAX } from './console-access.constants.ts';

export interface EnrolmentInput {
  token: string;
}

export interface EnrolmentContext {
  token: string;
  invitation: EnrolmentAnswer | null;
  name: string;
  failure: PasskeyFailure | null;
}

export type EnrolmentEvent = { type: 'enrolment.name.change'; value: string } | { type: 'enrolment.submit' } | { type: 'enrolment.retry' };

export const enrolmentMachine = setup({
  types: {
    input: {} as EnrolmentInput,
    context: {} as EnrolmentContext,
    events: {} as EnrolmentEvent,
    emitted: {} as { type: 'enrolled' } | { type: 'focus.summary' },
  },
  actors: { enrolPasskey, loadInvitation },
  guards: {
    isInvitationInvalid: ({ event }) => failureOfErrorEvent(event) === 'invitationExpired',
    isNameTooLong: ({ context }) => context.name.trim().length > PASSKEY_NAME_MAX,
  },
  actions: {
    assignInvitation: assign({ invitation: ({ event }) => (event as { output?: EnrolmentAnswer }).output ?? null }),
    assignName: assign({ name: ({ event }) => (event.type === 'enrolment.name.change' ? event.value : '') }),
    assignFailure: assign({ failure: ({ event }) => failureOfErrorEvent(event) }),
    clearFailure: assign({ failure: null }),
    focusSummary: emit({ type: 'focus.summary' } as const),
    announceEnrolled: emit({ type: 'enrolled' } as const),
  },
}).createMachine({
  id: 'enrolment',
  context: ({ input }) => ({ token: input.token, invitation: null, name: '', failure: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadInvitation',
        src: 'loadInvitation',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'ready', actions: 'assignInvitation' },
        onError: [{ guard: 'isInvitationInvalid', target: 'invalid' }, { target: 'unavailable', actions: 'assignFailure' }],
      },
    },
    /** The invitation could not be read (server unreachable…): try again. */
    unavailable: {
      on: { 'enrolment.retry': { target: 'loading', actions: 'clearFailure' } },
    },
    /** Unknown, used or expired: only a new invitation helps. */
    invalid: {},
    ready: {
      initial: 'editing',
      on: {
        'enrolment.name.change': { actions: 'assignName' },
        'enrolment.submit': [
          { guard: 'isNameTooLong', target: '.nameInvalid', actions: 'focusSummary' },
          { target: 'registering', actions: 'clearFailure' },
        ],
      },
      states: {
        editing: {},
        nameInvalid: {},
        /** The ceremony failed (cancelled, rejected…): said beside the button. */
        failed: {},
      },
    },
    registering: {
      invoke: {
        id: 'enrolPasskey',
        src: 'enrolPasskey',
        input: ({ context }) => ({ token: context.token, name: context.name }),
        onDone: { target: 'enrolled' },
        onError: [{ guard: 'isInvitationInvalid', target: 'invalid' }, { target: 'ready.failed', actions: 'assignFailure' }],
      },
    },
    enrolled: {
      type: 'final',
      entry: 'announceEnrolled',
    },
  },
});
