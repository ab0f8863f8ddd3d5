// One message of the inbox: loading → (opening: marked read when it was new) → shown, where its
// actions run one at a time, each busy → done (the message as the server now has it, and what
// was done, announced) or failed (why, and the actions again). Mark read / unread, mark as spam,
// "Not spam" (releases it: its mail goes out), mark as answered or not, "Try again now" while its mail waits or is held
// (retrying → retried in the state of what happened: delivered, failed with the mail server's
// answer, notConfigured, noCompanyAddress or stillTrying; README.md "Mail health"), and, for
// owners, delete: a confirmation naming the message first, then back to the list. A
// message that is gone (404) is "This message no longer exists."; a signed-out answer ends here.
import { assign, emit, setup } from 'xstate';
import type { MessageCommand } from '../../services/inbox/inbox-api.client.ts';
import { addNote, commandMessage, deleteMessage, fetchMessage, retryMail } from '../../services/inbox/inbox.actor.ts';
import { ConsoleApiError, type ConsoleApi } from '../../services/shared/console-api.client.ts';
import { CONSOLE_REFUSAL } from '../../validation/console/console-api.ts';
import type { MailRetry, MailRetryOutcome, Message, RetryAnswer } from '../../validation/inbox/inbox.protocol.ts';

export interface MessageInput {
  api: ConsoleApi;
  id: number;
  /** An owner may delete (the server checks the role too). */
  owner: boolean;
}

export interface MessageContext extends MessageInput {
  message: Message | null;
  /** The action asked for last (what `done` and `failed` announce, what `busy` runs). */
  command: MessageCommand | 'retry' | 'delete' | 'note';
  /** The internal note being written. */
  note: string;
  /** What the last "Try again now" did. */
  retry: MailRetry | null;
  /** Why the message or an action failed. */
  problem: string;
}

export type MessageEvent =
  | { type: 'message.markRead' }
  | { type: 'message.markUnread' }
  | { type: 'message.markSpam' }
  | { type: 'message.release' }
  | { type: 'message.markAnswered' }
  | { type: 'message.markUnanswered' }
  | { type: 'message.retry' }
  | { type: 'message.delete' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'message.reload' }
  | { type: 'note.change'; value: string }
  | { type: 'note.submit' };

export type MessageEmitted = { type: 'session.end' } | { type: 'list.open' } | { type: 'focus.status' } | { type: 'focus.confirm' } | { type: 'focus.delete' };

const refusedWith = (error: unknown, code: string) => error instanceof ConsoleApiError && error.code === code;

const RETRY_OUTCOMES: readonly MailRetryOutcome[] = ['delivered', 'failed', 'notConfigured', 'noCompanyAddress', 'stillTrying'];
/** "Try again now" answered: into the state of what happened, with the message as it is now. */
const retried = RETRY_OUTCOMES.map((outcome) => ({
  guard: { type: 'isRetryOutcome' as const, params: ({ event }: { event: { output: RetryAnswer } }) => ({ answer: event.output, outcome }) },
  target: `ready.retried.${outcome}`,
  actions: [
    { type: 'storeMessage' as const, params: ({ event }: { event: { output: RetryAnswer } }) => event.output.message },
    { type: 'storeRetry' as const, params: ({ event }: { event: { output: RetryAnswer } }) => event.output.retry },
  ],
}));

/** The actions on a message, each run by `commandMessage` with its command. */
const command = (name: MessageCommand, guard: 'isUnread' | 'isRead' | 'isHam' | 'isSpam' | 'isAnswered' | 'isUnanswered') => ({
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
  actors: { fetchMessage, commandMessage, deleteMessage, retryMail, addNote },
  guards: {
    isUnread: ({ context }) => context.message?.read === false,
    isRead: ({ context }) => context.message?.read === true,
    isSpam: ({ context }) => context.message?.spam === true,
    isHam: ({ context }) => context.message?.spam === false,
    isAnswered: ({ context }) => context.message !== null && context.message.answered !== null,
    isUnanswered: ({ context }) => context.message !== null && context.message.answered === null,
    hasWaitingMail: ({ context }) => context.message?.delivery.state === 'queued' || context.message?.delivery.state === 'failed',
    isNew: (_, message: Message) => !message.read,
    isOwner: ({ context }) => context.owner,
    hasNote: ({ context }) => context.note.trim() !== '',
    isSignedOut: (_, { error }: { error: unknown }) => error instanceof ConsoleApiError && error.isSignedOut,
    isGone: (_, { error }: { error: unknown }) => refusedWith(error, CONSOLE_REFUSAL.notFound),
    isRetryOutcome: (_, { answer, outcome }: { answer: RetryAnswer; outcome: MailRetryOutcome }) => answer.retry.outcome === outcome,
  },
  actions: {
    storeMessage: assign((_, message: Message) => ({ message })),
    storeCommand: assign((_, params: { command: MessageCommand | 'retry' | 'delete' | 'note' }) => params),
    storeNote: assign((_, note: string) => ({ note })),
    clearNote: assign({ note: '' }),
    storeRetry: assign((_, retry: MailRetry) => ({ retry })),
    storeProblem: assign((_, { error }: { error: unknown }) => ({ problem: error instanceof Error ? error.message : String(error) })),
    endSession: emit({ type: 'session.end' } as const),
    openList: emit({ type: 'list.open' } as const),
    focusStatus: emit({ type: 'focus.status' } as const),
    focusConfirm: emit({ type: 'focus.confirm' } as const),
    focusDelete: emit({ type: 'focus.delete' } as const),
  },
}).createMachine({
  id: 'message',
  context: ({ input }) => ({ ...input, message: null, command: 'read', note: '', retry: null, problem: '' }),
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
            'message.markAnswered': command('answered', 'isUnanswered'),
            'message.markUnanswered': command('unanswered', 'isAnswered'),
            'message.retry': { guard: 'hasWaitingMail', target: '#message.shown.retrying', actions: { type: 'storeCommand', params: { command: 'retry' } } },
            'message.delete': { guard: 'isOwner', target: 'confirming', actions: [{ type: 'storeCommand', params: { command: 'delete' } }, 'focusConfirm'] },
            // The note's field takes typing in any state at rest; sent only with words in it.
            'note.change': { actions: { type: 'storeNote', params: ({ event }) => event.value } },
            'note.submit': [{ guard: 'hasNote', target: '#message.shown.noting', actions: { type: 'storeCommand', params: { command: 'note' } } }, { target: '.noteMissing' }],
          },
          states: {
            idle: {},
            done: { entry: 'focusStatus' },
            failed: { entry: 'focusStatus' },
            /** "Add note" with nothing written: the error is beside the field. */
            noteMissing: {},
            /** What "Try again now" did, said in the status. */
            retried: {
              // Entered only at what happened (retried); `initial` is XState's requirement.
              initial: 'stillTrying',
              entry: 'focusStatus',
              states: { delivered: {}, failed: {}, notConfigured: {}, noCompanyAddress: {}, stillTrying: {} },
            },
          },
        },
        /** The note being stored; once stored the field is empty again. */
        noting: {
          tags: ['busy'],
          invoke: {
            id: 'addNote',
            src: 'addNote',
            input: ({ context }) => ({ api: context.api, id: context.id, text: context.note.trim() }),
            onDone: { target: 'ready.done', actions: [{ type: 'storeMessage', params: ({ event }) => event.output }, 'clearNote'] },
            onError: [
              { guard: { type: 'isSignedOut', params: ({ event }) => ({ error: event.error }) }, target: '#message.signedOut' },
              { guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) }, target: '#message.missing' },
              { target: 'ready.failed', actions: { type: 'storeProblem', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        /** "Try again now": waiting for the mail server's answer (up to MAIL_RETRY_WAIT_SECONDS). */
        retrying: {
          tags: ['busy'],
          invoke: {
            id: 'retryMail',
            src: 'retryMail',
            input: ({ context }) => ({ api: context.api, id: context.id }),
            onDone: retried,
            onError: [
              { guard: { type: 'isSignedOut', params: ({ event }) => ({ error: event.error }) }, target: '#message.signedOut' },
              { guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) }, target: '#message.missing' },
              { target: 'ready.failed', actions: { type: 'storeProblem', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        busy: {
          tags: ['busy'],
          invoke: {
            id: 'commandMessage',
            src: 'commandMessage',
            input: ({ context }) => ({ api: context.api, id: context.id, command: context.command === 'delete' || context.command === 'retry' || context.command === 'note' ? ('read' as const) : context.command }),
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
