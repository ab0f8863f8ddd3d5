// The inbox list: its filter (form, state, dates, search), the page of messages it shows and the
// pages before it by cursor. Starting and after every change of the filter: checking (a `to`
// date before `from` is an error beside the field, and nothing is asked) → loading → results |
// empty | failed (Try again). Typing in the search waits INBOX_SEARCH_DEBOUNCE_MS after the last
// key. A filter that is applied is written to the address (`address.change`, which the view
// hands to the shell's navigate: `#/messages?state=spam&q=…`), and a change of the address (back,
// forward) brings its filter back. "Older messages" follows the page's cursor; "Newest
// messages" goes back to the first page. A message that arrived while the list is open
// (`list.refresh`, from the console's watch on the inbox) loads the newest page again, if that
// is the page shown; an action on several of its messages (`list.reload`, from the page's
// selection) loads the page shown again. A signed-out answer ends here (`session.end`).
import { assign, emit, enqueueActions, setup } from 'xstate';
import { addressFilter } from '../../services/inbox/address-filter.actor.ts';
import { filterErrors, hashOf, queryOf, type FilterField, type InboxFilter } from '../../services/inbox/inbox-filter.service.ts';
import { listMessages } from '../../services/inbox/inbox.actor.ts';
import { ConsoleApiError, type ConsoleApi } from '../../services/shared/console-api.client.ts';
import type { FormRef, InboxPage, MessageSummary } from '../../validation/inbox/inbox.protocol.ts';
import { INBOX_SEARCH_DEBOUNCE_MS } from './inbox.constants.ts';

export interface InboxListInput {
  api: ConsoleApi;
  filter: InboxFilter;
}

export interface InboxListContext {
  api: ConsoleApi;
  filter: InboxFilter;
  /** The shown page's cursor; null for the newest page. */
  cursor: string | null;
  messages: MessageSummary[];
  /** The next (older) page's cursor. */
  next: string | null;
  forms: FormRef[];
  /** Why the list could not be loaded. */
  problem: string;
  /** The address the list last wrote: its own change coming back is not the person's. */
  published: string | null;
}

export type InboxListEvent =
  | { type: 'filter.change'; field: FilterField; value: string }
  | { type: 'filter.restore'; filter: InboxFilter }
  | { type: 'page.older' }
  | { type: 'page.newest' }
  | { type: 'list.retry' }
  | { type: 'list.refresh' }
  | { type: 'list.reload' };

export type InboxListEmitted = { type: 'address.change'; hash: string } | { type: 'session.end' } | { type: 'focus.list' };

export const inboxListMachine = setup({
  types: {
    input: {} as InboxListInput,
    context: {} as InboxListContext,
    events: {} as InboxListEvent,
    emitted: {} as InboxListEmitted,
  },
  actors: { listMessages, addressFilter },
  guards: {
    hasFilterErrors: ({ context }) => Object.keys(filterErrors(context.filter)).length > 0,
    isSearch: (_, field: FilterField) => field === 'q',
    isOtherFilter: ({ context }, filter: InboxFilter) => hashOf(filter) !== hashOf(context.filter) && hashOf(filter) !== context.published,
    isEmptyPage: (_, page: InboxPage) => page.messages.length === 0,
    hasOlder: ({ context }) => context.next !== null,
    isOlderPage: ({ context }) => context.cursor !== null,
    isNewestPage: ({ context }) => context.cursor === null,
    isSignedOut: (_, { error }: { error: unknown }) => error instanceof ConsoleApiError && error.isSignedOut,
  },
  actions: {
    storeField: assign(({ context }, change: { field: FilterField; value: string }) => ({ filter: { ...context.filter, [change.field]: change.value }, cursor: null })),
    storeFilter: assign((_, filter: InboxFilter) => ({ filter, cursor: null })),
    storePage: assign((_, page: InboxPage) => ({ messages: page.messages, next: page.next, forms: page.forms })),
    storeOlderCursor: assign(({ context }) => ({ cursor: context.next })),
    clearCursor: assign({ cursor: null }),
    storeProblem: assign((_, { error }: { error: unknown }) => ({ problem: error instanceof Error ? error.message : String(error) })),
    publishAddress: enqueueActions(({ context, enqueue }) => {
      const hash = hashOf(context.filter);
      enqueue.assign({ published: hash });
      enqueue.emit({ type: 'address.change', hash });
    }),
    endSession: emit({ type: 'session.end' } as const),
    // A new page of results: the focus goes to its first row (or the list's heading), not left on a button that is gone.
    focusList: emit({ type: 'focus.list' } as const),
  },
  delays: { searchDebounce: INBOX_SEARCH_DEBOUNCE_MS },
}).createMachine({
  id: 'inboxList',
  context: ({ input }) => ({ api: input.api, filter: input.filter, cursor: null, messages: [], next: null, forms: [], problem: '', published: null }),
  initial: 'active',
  states: {
    active: {
      invoke: { id: 'addressFilter', src: 'addressFilter' },
      on: {
        'filter.change': [
          { guard: { type: 'isSearch', params: ({ event }) => event.field }, target: '.debouncing', actions: { type: 'storeField', params: ({ event }) => event } },
          { target: '.checking', actions: { type: 'storeField', params: ({ event }) => event } },
        ],
        'filter.restore': {
          guard: { type: 'isOtherFilter', params: ({ event }) => event.filter },
          target: '.starting',
          actions: { type: 'storeFilter', params: ({ event }) => event.filter },
        },
      },
      initial: 'starting',
      states: {
        /** The filter the address gave: checked, then loaded, without writing the address again. */
        starting: {
          always: [{ guard: 'hasFilterErrors', target: 'invalid' }, { target: 'loading' }],
        },
        /** The search is being typed. */
        debouncing: {
          tags: ['busy'],
          after: { searchDebounce: 'checking' },
        },
        checking: {
          always: [{ guard: 'hasFilterErrors', target: 'invalid' }, { target: 'loading', actions: 'publishAddress' }],
        },
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'listMessages',
            src: 'listMessages',
            input: ({ context }) => ({ api: context.api, query: queryOf(context.filter, context.cursor) }),
            onDone: [
              { guard: { type: 'isEmptyPage', params: ({ event }) => event.output }, target: 'empty', actions: { type: 'storePage', params: ({ event }) => event.output } },
              { target: 'results', actions: { type: 'storePage', params: ({ event }) => event.output } },
            ],
            onError: [
              { guard: { type: 'isSignedOut', params: ({ event }) => ({ error: event.error }) }, target: '#inboxList.signedOut' },
              { target: 'failed', actions: { type: 'storeProblem', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        results: {
          on: {
            'page.older': { guard: 'hasOlder', target: 'loading', actions: ['storeOlderCursor', 'focusList'] },
            'page.newest': { guard: 'isOlderPage', target: 'loading', actions: ['clearCursor', 'focusList'] },
            // An older page stays as it is: the person is reading it.
            'list.refresh': { guard: 'isNewestPage', target: 'loading' },
            // An action on several messages changed them: the page shown loads again, whichever it is.
            'list.reload': 'loading',
          },
        },
        empty: {
          on: { 'list.refresh': 'loading' },
        },
        failed: {
          on: { 'list.retry': 'loading' },
        },
        /** A date is wrong: the message is beside its field, and the list is not asked for. */
        invalid: {},
      },
    },
    signedOut: {
      entry: 'endSession',
    },
  },
});
