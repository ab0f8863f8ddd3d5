// The subscribers' calls over the console's one HTTP client (services/shared/console-api.client.ts),
// on the routes of the subscribers protocol (validation/newsletter/subscribers.protocol.ts), each
// answer checked with that protocol's struct. Refusals arrive as ConsoleApiError with the server's code.
import { is } from 'superstruct';
import type { ConsoleApi } from '../shared/console-api.client.ts';
import { CONSOLE_HASH, hashWithQuery } from '../../validation/console/console-hashes.ts';
import {
  SUBSCRIBERS_ROUTE,
  SubscriberAnswerStruct,
  SubscribersBulkAnswerStruct,
  SubscribersPageStruct,
  SubscribersQueryStruct,
  type BulkSubscriberAction,
  type Subscriber,
  type SubscribersBulkAnswer,
  type SubscribersBulkSelection,
  type SubscribersPage,
  type SubscribersQuery,
} from '../../validation/newsletter/subscribers.protocol.ts';

const QUERY_FIELDS = ['status', 'list', 'q', 'page'] as const;
export type SubscribersQueryField = (typeof QUERY_FIELDS)[number];

/** A route with its `:id` filled in. */
const pathOf = (route: string, id: number) => route.replace(':id', String(id));

/** The query string of a SubscribersQuery: its fields that have a value. */
export function subscribersSearchParams(query: SubscribersQuery): Record<string, string> {
  return Object.fromEntries(QUERY_FIELDS.flatMap((field) => (query[field] === undefined || query[field] === '' ? [] : [[field, query[field]]])));
}

/** The query of the page's address (`status=subscribed&list=2&q=…&page=2`): each valid field kept, anything else left out. */
export function subscribersQueryOf(text: string): SubscribersQuery {
  const params = new URLSearchParams(text);
  const query: SubscribersQuery = {};
  for (const field of QUERY_FIELDS) {
    const value = params.get(field);
    if (value !== null && value !== '' && is({ [field]: value }, SubscribersQueryStruct)) Object.assign(query, { [field]: value });
  }
  return query;
}

/** The console address of the list with `query`: `#/subscribers?…`. */
export function subscribersHash(query: SubscribersQuery): string {
  return hashWithQuery(CONSOLE_HASH.subscribers, new URLSearchParams(subscribersSearchParams(query)).toString());
}

export function createSubscribersClient(api: ConsoleApi) {
  const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {});
  return {
    list(query: SubscribersQuery, signal?: AbortSignal): Promise<SubscribersPage> {
      return api.get(SUBSCRIBERS_ROUTE.subscribers, SubscribersPageStruct, { searchParams: subscribersSearchParams(query), ...signalOf(signal) });
    },
    async subscriber(id: number, signal?: AbortSignal): Promise<Subscriber> {
      return (await api.get(pathOf(SUBSCRIBERS_ROUTE.subscriber, id), SubscriberAnswerStruct, signalOf(signal))).subscriber;
    },
    async resend(id: number, signal?: AbortSignal): Promise<Subscriber> {
      return (await api.post(pathOf(SUBSCRIBERS_ROUTE.resend, id), {}, SubscriberAnswerStruct, signalOf(signal))).subscriber;
    },
    async unsubscribe(id: number, note: string, signal?: AbortSignal): Promise<Subscriber> {
      return (await api.post(pathOf(SUBSCRIBERS_ROUTE.unsubscribe, id), { note }, SubscriberAnswerStruct, signalOf(signal))).subscriber;
    },
    /** One action on many subscribers: those chosen, or every subscriber of a filter, with one note (one request, one audit entry). */
    bulk(action: BulkSubscriberAction, selection: SubscribersBulkSelection, note: string, signal?: AbortSignal): Promise<SubscribersBulkAnswer> {
      return api.post(SUBSCRIBERS_ROUTE.bulk, { action, selection, note }, SubscribersBulkAnswerStruct, signalOf(signal));
    },
    /** The two CSV files of the filter (without its page), or of the chosen `ids` within it: plain download links. */
    exportUrls(query: SubscribersQuery, ids?: readonly number[]): { spreadsheet: string; mailingService: string } {
      const { page: _page, ids: _ids, ...filter } = query;
      const { status: _status, ...subscribed } = filter;
      const chosen: Record<string, string> = ids === undefined ? {} : { ids: ids.join(',') };
      return {
        spreadsheet: api.url(SUBSCRIBERS_ROUTE.exportSpreadsheet, { ...subscribersSearchParams(filter), ...chosen }),
        mailingService: api.url(SUBSCRIBERS_ROUTE.exportMailingService, { ...subscribersSearchParams(subscribed), ...chosen }),
      };
    },
  };
}

export type SubscribersClient = ReturnType<typeof createSubscribersClient>;
