// One subscriber in the console (`#/subscribers/<id>`): loaded (loading → shown | missing |
// failed, Try again), then the owner's two actions, each with a confirmation step:
// - send the confirmation mail again (only while a sign-up or change waits for it): confirming
//   → resending → resent, or refused with the server's reason (the sign-up form's limits);
// - unsubscribe at the person's request: the note asked for (required: an empty note is an
//   error beside the field) → confirming → unsubscribing → unsubscribed, or refused.
// Cancel goes back from either step. A signed-out answer ends here (`session.end`).
import { assign, emit, setup } from 'xstate';
import { fetchSubscriber, resendConfirmation, unsubscribeSubscriber } from '../../services/newsletter/subscribers.actor.ts';
import { ConsoleApiError, type ConsoleApi } from '../../services/shared/console-api.client.ts';
import { CONSOLE_REFUSAL } from '../../validation/console/console-api.ts';
import type { Subscriber } from '../../validation/newsletter/subscribers.protocol.ts';

export interface SubscriberInput {
  api: ConsoleApi;
  id: number;
  /** Only an owner acts on a subscriber (staff read). */
  owner: boolean;
}

export interface SubscriberContext {
  api: ConsoleApi;
  id: number;
  owner: boolean;
  subscriber: Subscriber | null;
  /** The unsubscribe note as typed. */
  note: string;
  /** Why loading or an action failed: the server's code (or '') and its words. */
  problem: { code: string; message: string };
}

export type SubscriberEvent =
  | { type: 'load.retry' }
  | { type: 'resend.start' }
  | { type: 'resend.confirm' }
  | { type: 'unsubscribe.start' }
  | { type: 'note.change'; value: string }
  | { type: 'unsubscribe.submit' }
  | { type: 'unsubscribe.confirm' }
  | { type: 'action.cancel' };

export type SubscriberEmitted = { type: 'session.end' };

type Failure = { error: unknown };

/** What the person may start from a settled detail: an action the subscriber's state allows. */
const ACTIONS = {
  'resend.start': { guard: 'isAwaitingConfirmation', target: '#subscriber.shown.confirmingResend' },
  'unsubscribe.start': { guard: 'isUnsubscribable', target: '#subscriber.shown.askingNote' },
} as const;

export const subscriberMachine = setup({
  types: {
    input: {} as SubscriberInput,
    context: {} as SubscriberContext,
    events: {} as SubscriberEvent,
    emitted: {} as SubscriberEmitted,
  },
  actors: { fetchSubscriber, resendConfirmation, unsubscribeSubscriber },
  guards: {
    isSignedOut: (_, { error }: Failure) => error instanceof ConsoleApiError && error.isSignedOut,
    isMissing: (_, { error }: Failure) => error instanceof ConsoleApiError && error.code === CONSOLE_REFUSAL.notFound,
    isAwaitingConfirmation: ({ context }) => context.owner && context.subscriber !== null && context.subscriber.pendingChange !== null,
    isUnsubscribable: ({ context }) => context.owner && context.subscriber !== null && context.subscriber.status !== 'unsubscribed',
    hasNote: ({ context }) => context.note.trim() !== '',
  },
  actions: {
    storeSubscriber: assign((_, subscriber: Subscriber) => ({ subscriber })),
    storeNote: assign((_, note: string) => ({ note })),
    clearNote: assign({ note: '' }),
    storeProblem: assign((_, { error }: Failure) => ({
      problem: { code: error instanceof ConsoleApiError ? error.code : '', message: error instanceof Error ? error.message : String(error) },
    })),
    endSession: emit({ type: 'session.end' } as const),
  },
}).createMachine({
  id: 'subscriber',
  context: ({ input }) => ({ api: input.api, id: input.id, owner: input.owner, subscriber: null, note: '', problem: { code: '', message: '' } }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchSubscriber',
        src: 'fetchSubscriber',
        input: ({ context }) => ({ api: context.api, id: context.id }),
        onDone: { target: 'shown', actions: { type: 'storeSubscriber', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'isSignedOut', params: ({ event }) => ({ error: event.error }) }, target: 'signedOut' },
          { guard: { type: 'isMissing', params: ({ event }) => ({ error: event.error }) }, target: 'missing' },
          { target: 'failed', actions: { type: 'storeProblem', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: {
      on: { 'load.retry': 'loading' },
    },
    /** There is no such subscriber (any more). */
    missing: {},
    shown: {
      initial: 'idle',
      states: {
        idle: { on: ACTIONS },
        confirmingResend: {
          on: { 'resend.confirm': 'resending', 'action.cancel': 'idle' },
        },
        resending: {
          tags: ['busy'],
          invoke: {
            id: 'resendConfirmation',
            src: 'resendConfirmation',
            input: ({ context }) => ({ api: context.api, id: context.id }),
            onDone: { target: 'resent', actions: { type: 'storeSubscriber', params: ({ event }) => event.output } },
            onError: [
              { guard: { type: 'isSignedOut', params: ({ event }) => ({ error: event.error }) }, target: '#subscriber.signedOut' },
              { target: 'resendRefused', actions: { type: 'storeProblem', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        resent: { on: ACTIONS },
        resendRefused: { on: ACTIONS },
        askingNote: {
          initial: 'editing',
          on: {
            'note.change': { actions: { type: 'storeNote', params: ({ event }) => event.value } },
            'unsubscribe.submit': [{ guard: 'hasNote', target: 'confirmingUnsubscribe' }, { target: '.noteMissing' }],
            'action.cancel': { target: 'idle', actions: 'clearNote' },
          },
          states: {
            editing: {},
            /** Submitted without a note: the error is beside the field. */
            noteMissing: {},
          },
        },
        confirmingUnsubscribe: {
          on: { 'unsubscribe.confirm': 'unsubscribing', 'action.cancel': 'askingNote' },
        },
        unsubscribing: {
          tags: ['busy'],
          invoke: {
            id: 'unsubscribeSubscriber',
            src: 'unsubscribeSubscriber',
            input: ({ context }) => ({ api: context.api, id: context.id, note: context.note.trim() }),
            onDone: { target: 'unsubscribed', actions: [{ type: 'storeSubscriber', params: ({ event }) => event.output }, 'clearNote'] },
            onError: [
              { guard: { type: 'isSignedOut', params: ({ event }) => ({ error: event.error }) }, target: '#subscriber.signedOut' },
              { target: 'unsubscribeRefused', actions: { type: 'storeProblem', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        /** Done: neither action applies to someone who has left (the server answered them unsubscribed). */
        unsubscribed: {},
        unsubscribeRefused: { on: ACTIONS },
      },
    },
    signedOut: {
      entry: 'endSession',
    },
  },
});
