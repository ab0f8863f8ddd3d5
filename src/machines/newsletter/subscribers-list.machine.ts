// The console's subscribers list (`#/subscribers?status=…&list=…&q=…&page=…`): the query of the
// address, loaded (loading → results | empty | failed, Try again). A filter, a search or a page
// the person picks is loaded at once and written to the address (`address.change`, which the
// view hands to the shell's navigate); the address changing (back, forward) brings its query
// back. The search is typed into `search` and applied when submitted. An action on several of
// the page's subscribers (`list.reload`, from the page's selection) loads the page again. A
// signed-out answer ends here (`session.end`).
import { assign, emit, setup } from 'xstate';
import { listSubscribers } from '../../services/newsletter/subscribers.actor.ts';
import { subscribersHash, type SubscribersQueryField } from '../../services/newsletter/subscribers-api.client.ts';
import { ConsoleApiError, type ConsoleApi } from '../../services/shared/console-api.client.ts';
import { is } from 'superstruct';
import { SubscribersQueryStruct, type SubscribersPage, type SubscribersQuery } from '../../validation/newsletter/subscribers.protocol.ts';

export interface SubscribersListInput {
  api: ConsoleApi;
  query: SubscribersQuery;
}

export interface SubscribersListContext {
  api: ConsoleApi;
  query: SubscribersQuery;
  /** The search as typed, applied on submit. */
  search: string;
  page: SubscribersPage | null;
  /** Why the list could not be loaded. */
  problem: string;
}

export type SubscribersListEvent =
  | { type: 'query.change'; query: SubscribersQuery }
  | { type: 'filter.change'; field: Exclude<SubscribersQueryField, 'page' | 'q'>; value: string }
  | { type: 'search.change'; value: string }
  | { type: 'search.submit' }
  | { type: 'page.go'; page: number }
  | { type: 'list.retry' }
  | { type: 'list.reload' };

export type SubscribersListEmitted = { type: 'address.change'; hash: string } | { type: 'session.end' };

/** `query` with `field` set (or dropped when ''); any change but the page's starts at the first page. */
function changed(query: SubscribersQuery, field: SubscribersQueryField, value: string): SubscribersQuery {
  const { page: _page, ...rest } = query;
  const base: SubscribersQuery = field === 'page' ? { ...query } : rest;
  const { [field]: _old, ...others } = base;
  if (value === '') return others;
  // A value the protocol refuses (a status it does not know) leaves the field out.
  const next = { ...others, [field]: value };
  return is(next, SubscribersQueryStruct) ? next : others;
}

export const subscribersListMachine = setup({
  types: {
    input: {} as SubscribersListInput,
    context: {} as SubscribersListContext,
    events: {} as SubscribersListEvent,
    emitted: {} as SubscribersListEmitted,
  },
  actors: { listSubscribers },
  guards: {
    isOtherQuery: ({ context }, query: SubscribersQuery) => subscribersHash(query) !== subscribersHash(context.query),
    isEmptyPage: (_, page: SubscribersPage) => page.subscribers.length === 0,
    isSignedOut: (_, { error }: { error: unknown }) => error instanceof ConsoleApiError && error.isSignedOut,
  },
  actions: {
    storeQuery: assign((_, query: SubscribersQuery) => ({ query, search: query.q ?? '' })),
    storeChange: assign(({ context }, change: { field: SubscribersQueryField; value: string }) => ({ query: changed(context.query, change.field, change.value) })),
    storeSearch: assign((_, value: string) => ({ search: value })),
    storePage: assign((_, page: SubscribersPage) => ({ page })),
    storeProblem: assign((_, { error }: { error: unknown }) => ({ problem: error instanceof Error ? error.message : String(error) })),
    publishAddress: emit(({ context }) => ({ type: 'address.change' as const, hash: subscribersHash(context.query) })),
    endSession: emit({ type: 'session.end' } as const),
  },
}).createMachine({
  id: 'subscribersList',
  context: ({ input }) => ({ api: input.api, query: input.query, search: input.query.q ?? '', page: null, problem: '' }),
  initial: 'active',
  states: {
    active: {
      on: {
        'query.change': {
          guard: { type: 'isOtherQuery', params: ({ event }) => event.query },
          target: '.loading',
          actions: { type: 'storeQuery', params: ({ event }) => event.query },
        },
        'filter.change': { target: '.loading', actions: [{ type: 'storeChange', params: ({ event }) => event }, 'publishAddress'] },
        'search.change': { actions: { type: 'storeSearch', params: ({ event }) => event.value } },
        'search.submit': { target: '.loading', actions: [{ type: 'storeChange', params: ({ context }) => ({ field: 'q', value: context.search.trim() }) }, 'publishAddress'] },
      },
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'listSubscribers',
            src: 'listSubscribers',
            input: ({ context }) => ({ api: context.api, query: context.query }),
            onDone: [
              { guard: { type: 'isEmptyPage', params: ({ event }) => event.output }, target: 'empty', actions: { type: 'storePage', params: ({ event }) => event.output } },
              { target: 'results', actions: { type: 'storePage', params: ({ event }) => event.output } },
            ],
            onError: [
              { guard: { type: 'isSignedOut', params: ({ event }) => ({ error: event.error }) }, target: '#subscribersList.signedOut' },
              { target: 'failed', actions: { type: 'storeProblem', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        results: {
          on: {
            'page.go': { target: 'loading', actions: [{ type: 'storeChange', params: ({ event }) => ({ field: 'page', value: event.page <= 1 ? '' : String(event.page) }) }, 'publishAddress'] },
            // An action on several subscribers changed them: the page shown loads again.
            'list.reload': 'loading',
          },
        },
        empty: {},
        failed: {
          on: { 'list.retry': 'loading' },
        },
      },
    },
    signedOut: {
      entry: 'endSession',
    },
  },
});
