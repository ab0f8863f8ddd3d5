// The effects the sidebar's machines invoke: asking the server for a human-test question, and
// sending a message. The machines decide when.
import { fromPromise } from 'xstate';
import { createSidebarClient, type HumanTestQuestion, type SendAnswer } from './sidebar-form-api.client.ts';

export const fetchHumanTest = fromPromise<HumanTestQuestion>(({ signal }) => createSidebarClient().question(signal));

export interface SendMessageInput {
  entries: ReadonlyArray<readonly [string, string]>;
}

export const sendMessage = fromPromise<SendAnswer, SendMessageInput>(({ input, signal }) => createSidebarClient().send(input.entries, signal));
