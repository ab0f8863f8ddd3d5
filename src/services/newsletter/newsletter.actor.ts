// The effects the newsletter machine invokes: a nonce for the subscription, and the POST. The
// machine decides when (a nonce only when it has none, again once after a 403); reCAPTCHA, the
// site's configuration and leaving the page are the contact form's own actors.
import { fromPromise } from 'xstate';
import { createNewsletterClient, type SubscribeAnswer } from './newsletter-api.client.ts';

export const fetchNonce = fromPromise<string, { action: string }>(({ input, signal }) => createNewsletterClient().nonce(input.action, signal));

export interface SubscribeInput {
  action: string;
  entries: ReadonlyArray<readonly [string, string]>;
}

export const subscribe = fromPromise<SubscribeAnswer, SubscribeInput>(({ input, signal }) =>
  createNewsletterClient().subscribe(input.action, input.entries, signal),
);
