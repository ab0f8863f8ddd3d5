// The effects the subscribers' machines invoke, each over the console API the page was given (its
// input): a page of the list, one subscriber, and the owner's two actions. The machines decide when.
import { fromPromise } from 'xstate';
import type { ConsoleApi } from '../shared/console-api.client.ts';
import type { Subscriber, SubscribersPage, SubscribersQuery } from '../../validation/newsletter/subscribers.protocol.ts';
import { createSubscribersClient } from './subscribers-api.client.ts';

export const listSubscribers = fromPromise<SubscribersPage, { api: ConsoleApi; query: SubscribersQuery }>(({ input, signal }) => createSubscribersClient(input.api).list(input.query, signal));

export const fetchSubscriber = fromPromise<Subscriber, { api: ConsoleApi; id: number }>(({ input, signal }) => createSubscribersClient(input.api).subscriber(input.id, signal));

export const resendConfirmation = fromPromise<Subscriber, { api: ConsoleApi; id: number }>(({ input, signal }) => createSubscribersClient(input.api).resend(input.id, signal));

export const unsubscribeSubscriber = fromPromise<Subscriber, { api: ConsoleApi; id: number; note: string }>(({ input, signal }) =>
  createSubscribersClient(input.api).unsubscribe(input.id, input.note, signal),
);
