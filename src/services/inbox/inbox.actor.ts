// The effects the inbox's machines invoke, each over the console API the page was given (its
// input): a page of the list, one message, an action on it, trying its mail again, its deletion. The machines decide when.
import { fromPromise } from 'xstate';
import type { ConsoleApi } from '../shared/console-api.client.ts';
import type { InboxCounts, InboxPage, InboxQuery, Message, RetryAnswer } from '../../validation/inbox/inbox.protocol.ts';
import { createInboxClient, type MessageCommand } from './inbox-api.client.ts';

export const listMessages = fromPromise<InboxPage, { api: ConsoleApi; query: InboxQuery }>(({ input, signal }) => createInboxClient(input.api).list(input.query, signal));

export const fetchCounts = fromPromise<InboxCounts, { api: ConsoleApi }>(({ input, signal }) => createInboxClient(input.api).counts(signal));

export const fetchMessage = fromPromise<Message, { api: ConsoleApi; id: number }>(({ input, signal }) => createInboxClient(input.api).message(input.id, signal));

export const commandMessage = fromPromise<Message, { api: ConsoleApi; id: number; command: MessageCommand }>(({ input, signal }) =>
  createInboxClient(input.api).command(input.id, input.command, signal),
);

export const addNote = fromPromise<Message, { api: ConsoleApi; id: number; text: string }>(({ input, signal }) => createInboxClient(input.api).addNote(input.id, input.text, signal));

export const retryMail = fromPromise<RetryAnswer, { api: ConsoleApi; id: number }>(({ input, signal }) => createInboxClient(input.api).retry(input.id, signal));

export const deleteMessage = fromPromise<void, { api: ConsoleApi; id: number }>(({ input, signal }) => createInboxClient(input.api).remove(input.id, signal));
