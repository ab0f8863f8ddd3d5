// The inbox's calls over the console's one HTTP client (services/shared/console-api.client.ts),
// on the routes of the inbox protocol (validation/inbox/inbox.protocol.ts), each answer checked
// with that protocol's struct. Refusals arrive as ConsoleApiError with the server's code.
import type { ConsoleApi } from '../shared/console-api.client.ts';
import { EmptyBodyStruct } from '../../validation/console/console-api.ts';
import { BulkAnswerStruct, INBOX_ROUTE, InboxCountsStruct, InboxPageStruct, MessageAnswerStruct, RetryAnswerStruct, type BulkAnswer, type BulkMessageAction, type BulkSelection, type InboxCounts, type InboxPage, type InboxQuery, type Message, type RetryAnswer } from '../../validation/inbox/inbox.protocol.ts';

/** A route with its `:id` (and `:fileId`) filled in. */
export function inboxPath(route: string, id: number, fileId?: number): string {
  return route.replace(':id', String(id)).replace(':fileId', String(fileId ?? ''));
}

/** The query string of an InboxQuery: its fields that have a value. */
export function querySearchParams(query: InboxQuery): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
}

/** What can be done to one message; each answers the message as it is now. */
export type MessageCommand = 'read' | 'unread' | 'spam' | 'release' | 'answered' | 'unanswered';

const COMMANDS: Record<MessageCommand, { route: string; body: object }> = {
  read: { route: INBOX_ROUTE.read, body: { read: true } },
  unread: { route: INBOX_ROUTE.read, body: { read: false } },
  spam: { route: INBOX_ROUTE.spam, body: { spam: true } },
  // "Not spam": the server releases it and its mail goes out.
  release: { route: INBOX_ROUTE.spam, body: { spam: false } },
  answered: { route: INBOX_ROUTE.answered, body: { answered: true } },
  unanswered: { route: INBOX_ROUTE.answered, body: { answered: false } },
};

export function createInboxClient(api: ConsoleApi) {
  return {
    list(query: InboxQuery, signal?: AbortSignal): Promise<InboxPage> {
      return api.get(INBOX_ROUTE.messages, InboxPageStruct, { searchParams: querySearchParams(query), ...(signal ? { signal } : {}) });
    },
    /** How many messages each state filter holds, and the newest that is not spam. */
    counts(signal?: AbortSignal): Promise<InboxCounts> {
      return api.get(INBOX_ROUTE.counts, InboxCountsStruct, signal ? { signal } : {});
    },
    async message(id: number, signal?: AbortSignal): Promise<Message> {
      return (await api.get(inboxPath(INBOX_ROUTE.message, id), MessageAnswerStruct, signal ? { signal } : {})).message;
    },
    async command(id: number, command: MessageCommand, signal?: AbortSignal): Promise<Message> {
      const { route, body } = COMMANDS[command];
      const answer = await api.post(inboxPath(route, id), body, MessageAnswerStruct, signal ? { signal } : {});
      return answer.message;
    },
    /** An internal note on the message; answers the message with it. */
    async addNote(id: number, text: string, signal?: AbortSignal): Promise<Message> {
      return (await api.post(inboxPath(INBOX_ROUTE.notes, id), { text }, MessageAnswerStruct, signal ? { signal } : {})).message;
    },
    /** "Try again now": the message as it is now and what happened to its mail. */
    retry(id: number, signal?: AbortSignal): Promise<RetryAnswer> {
      return api.post(inboxPath(INBOX_ROUTE.retry, id), {}, RetryAnswerStruct, signal ? { signal } : {});
    },
    async remove(id: number, signal?: AbortSignal): Promise<void> {
      // The server answers `{}` or `{ok: true}`; either is a deletion (mask drops extra keys).
      await api.post(inboxPath(INBOX_ROUTE.delete, id), {}, EmptyBodyStruct, signal ? { signal } : {});
    },
    /** One action on many messages: those chosen, or every message of a filter (one request, one audit entry). */
    bulk(action: BulkMessageAction, selection: BulkSelection, signal?: AbortSignal): Promise<BulkAnswer> {
      return api.post(INBOX_ROUTE.bulk, { action, selection }, BulkAnswerStruct, signal ? { signal } : {});
    },
    /** The CSV of every message of the filter (without a cursor), or of the chosen `ids` within it: a plain download link. */
    exportUrl(query: InboxQuery, ids?: readonly number[]): string {
      const { cursor: _cursor, ids: _ids, ...filter } = query;
      return api.url(INBOX_ROUTE.exportCsv, querySearchParams(ids === undefined ? filter : { ...filter, ids: ids.join(',') }));
    },
    attachmentUrl(id: number, fileId: number): string {
      return api.url(inboxPath(INBOX_ROUTE.attachment, id, fileId));
    },
  };
}

export type InboxClient = ReturnType<typeof createInboxClient>;
