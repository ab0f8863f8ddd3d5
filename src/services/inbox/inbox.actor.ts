// The effects the inbox's machines invoke, each over the console API the page was given (its
// input): a page of the list, one message, an action on it, its deletion. The machines decide when.
import { fromPromise } from 'xstate';
import type { ConsoleApi } from '../shared/console-api.client.ts';
import type { InboxPage, InboxQuery, Message } from '../../validation/inbox/inbox.protocol.ts';
import { createInboxClient, type MessageCommand } from './inbox-api.client.ts';

export const listMessages = fromPromise<InboxPage, { api: ConsoleApi; query: InboxQuery }>(({ input, signal }) => createInboxClient(input.api).list(input.query, signal));

export const fetchMessage = fromPromise<Message, { api: ConsoleApi; id: number }>(({ input, signal }) => createInboxClient(input.api).message(input.id, signal));

export const commandMessage = fromPromise<Message, { api: ConsoleApi; id: number; command: MessageCommand }>(({ input, signal }) =>
  createInboxClient(input.api).command(input.id, input.command, signal),
);

export const deleteMessage = fromPromise<void, { api: ConsoleApi; id: number }>(({ input, signal }) => createInboxClient(input.api).remove(input.id, signal));
