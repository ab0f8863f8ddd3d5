// One message of the inbox: loading → (opening: marked read when it was new) → shown, where its
// actions run one at a time, each busy → done (the message as the server now has it, and what
// was done, announced) or failed (why, and the actions again). Mark read / unread, mark as spam,
// "Not spam" (releases it: its mail goes out), "Try again now" while its mail waits or failed,
// and, for owners, delete: a confirmation naming the message first, then back to the list. A
// message that is gone (404) is "This message no longer exists."; a signed-out answer ends here.
import { assign, emit, setup } from 'xstate';
import type { MessageCommand } from '../../services/inbox/inbox-api.client.ts';
import { commandMessage, deleteMessage, fetchMessage } from '../../services/inbox/inbox.actor.ts';
import { ConsoleApiError, type ConsoleApi } from '../../services/shared/console-api.client.ts';
import { CONSOLE_REFUSAL } from '../../validation/console/console-api.ts';
import type { Message } from '../../validation/inbox/inbox.protocol.ts';

export interface MessageInput {
  api: ConsoleApi;
  id: number;
  /** An owner may delete (the server checks the role too). */
  owner: boolean;
}

export interface MessageContext extends MessageInput {
  message: Message | null;
  /** The action asked for last (what `done` and `failed` announce, what `busy` runs). */
  command: MessageCommand | 'delete';
  /** Why the message or an action failed. */
  problem: string;
}

export type MessageEvent =
  | { type: 'message.markRead' }
  | { type: 'message.markUnread' }
  | { type: 'message.markSpam' }
  | { type: 'message.release' }
  | { type: 'message.retry' }
  | { type: 'message.delete' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'message.reload' };

export type MessageEmitted = { type: 'session.end' } | { type: 'list.open' } | { type: 'focus.status' } | { type: 'focus.confirm' } | { type: 'focus.delete' };

const refusedWith = (error: unknown, code: string) => error instanceof ConsoleApiError && error.code === code;

/** The actions on a message, each run by `commandMessage` with its command. */
const command = (name: MessageCommand, guard: 'isUnread' | 'isRead' | 'isHam' | 'isSpam' | 'hasWaitingMail') => ({
  guard,
  target: '#message.shown.busy',
  actions: { type: 'storeCommand' as const, params: { command: name } },
});

export const messageMachine = setup({
  types: {
    input: {} as MessageInput,
    context: {} as MessageContext,
    events: {} as MessageEvent,
    emitted: {} as MessageEmitted,
  },
  actors: { fetchMessage, commandMessage, deleteMessage },
  guards: {
    isUnread: ({ context }) => context.message?.read === false,
    isRead: ({ context }) => context.message?.read === true,
    isSpam: ({ context }) => context.message?.spam === true,
    isHam: ({ context }) => context.message?.spam === false,
    hasWaitingMail: ({ context }) => context.message?.delivery.state === 'queued' || context.message?.delivery.state === 'failed',
    isNew: (_, message: Message) => !message.read,
    isOwner: ({ context }) => context.owner,
    isSignedOut: (_, { error }: { error: unknown }) => error instanceof ConsoleApiError && error.isSignedOut,
    isGone: (_, { error }: { error: unknown }) => refusedWith(error, CONSOLE_REFUSAL.notFound),
  },
  actions: {
    storeMessage: assign((_, message: Message) => ({ message })),
    storeCommand: assign((_, params: { command: MessageCommand | 'delete' }) => params),
    storeProblem: assign((_, { error }: { error: unknown }) => ({ problem: error instanceof Error ? error.message : String(error) })),
    endSession: emit({ type: 'session.end' } as const),
    openList: emit({ type: 'list.open' } as const),
    focusStatus: emit({ type: 'focus.status' } as const),
    focusConfirm: emit({ type: 'focus.confirm' } as const),
    focusDelete: emit({ type: 'focus.delete' } as const),
  },
}).createMachine({
  id: 'message',
  context: ({ input }) => ({ ...input, message: null, command: 'read', problem: '' }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchMessage',
        src: 'fetchMessage',
        input: ({ context }) => ({ api: context.api, id: context.id }),
        onDone: [
          // Opening a new message marks it read (the server does not, on a GET).
          { guard: { type: 'isNew', params: ({ event }) => event.output }, target: 'opening', actions: [{ type: 'storeMessage', params: ({ event }) => event.output }, { type: 'storeCommand', params: { command: 'read' } }] },
          { target: 'shown', actions: { type: 'storeMessage', params: ({ event }) => event.output } },
        ],
        onError: [
          { guard: { type: 'isSignedOut', params: ({ event }) => ({ error: event.error }) }, target: 'signedOut' },
          { guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) }, target: 'missing' },
          { target: 'failed', actions: { type: 'storeProblem', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    /** Shown and being marked read. */
    opening: {
      tags: ['shown', 'busy'],
      invoke: {
        id: 'commandMessage',
        src: 'commandMessage',
        input: ({ context }) => ({ api: context.api, id: context.id, command: 'read' as const }),
        onDone: { target: 'shown', actions: { type: 'storeMessage', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'isSignedOut', params: ({ event }) => ({ error: event.error }) }, target: 'signedOut' },
          { guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) }, target: 'missing' },
          { target: 'shown.ready.failed', actions: { type: 'storeProblem', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    shown: {
      tags: ['shown'],
      initial: 'ready',
      states: {
        ready: {
          initial: 'idle',
          on: {
            'message.markRead': command('read', 'isUnread'),
            'message.markUnread': command('unread', 'isRead'),
            'message.markSpam': command('spam', 'isHam'),
            'message.release': command('release', 'isSpam'),
            'message.retry': command('retry', 'hasWaitingMail'),
            'message.delete': { guard: 'isOwner', target: 'confirming', actions: [{ type: 'storeCommand', params: { command: 'delete' } }, 'focusConfirm'] },
          },
          states: {
            idle: {},
            done: { entry: 'focusStatus' },
            failed: { entry: 'focusStatus' },
          },
        },
        busy: {
          tags: ['busy'],
          invoke: {
            id: 'commandMessage',
            src: 'commandMessage',
            input: ({ context }) => ({ api: context.api, id: context.id, command: context.command === 'delete' ? ('read' as const) : context.command }),
            onDone: { target: 'ready.done', actions: { type: 'storeMessage', params: ({ event }) => event.output } },
            onError: [
              { guard: { type: 'isSignedOut', params: ({ event }) => ({ error: event.error }) }, target: '#message.signedOut' },
              { guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) }, target: '#message.missing' },
              { target: 'ready.failed', actions: { type: 'storeProblem', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        /** "Delete the message from …?": Delete or Cancel. */
        confirming: {
          on: {
            'delete.confirm': 'deleting',
            'delete.cancel': { target: 'ready.idle', actions: 'focusDelete' },
          },
        },
        deleting: {
          tags: ['busy'],
          invoke: {
            id: 'deleteMessage',
            src: 'deleteMessage',
            input: ({ context }) => ({ api: context.api, id: context.id }),
            onDone: '#message.deleted',
            onError: [
              { guard: { type: 'isSignedOut', params: ({ event }) => ({ error: event.error }) }, target: '#message.signedOut' },
              { guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) }, target: '#message.deleted' },
              { target: 'ready.failed', actions: { type: 'storeProblem', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
      },
    },
    /** Deleted: back to the list. */
    deleted: { entry: 'openList' },
    missing: {},
    failed: {
      on: { 'message.reload': 'loading' },
    },
    signedOut: { entry: 'endSession' },
  },
});
