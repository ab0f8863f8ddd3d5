import type { Kysely } from 'kysely';
import type { Database, OutboxMessage } from '../db/types.ts';
import { PermanentFailureError, RetryLaterError, type OutboxSender } from '../mail/outbox-worker.ts';
import { isBrevoErasure, type BrevoRequest } from './brevo-sync.ts';

/*
 * The outbox's brevo channel (README.md "The newsletter service (Brevo)"): a queued change sent
 * to Brevo's REST API v3 with the `api-key` header (BREVO_API_KEY is added here, never stored).
 *  - 2xx: done; the subscriber's `brevo_synced_at` is set and `brevo_error` cleared.
 *  - 429: Brevo's rate limit: the row and the channel wait for `Retry-After` (RetryLaterError).
 *  - 5xx, a timeout, a network error: retried with backoff, for as long as it takes.
 *  - 404 to a DELETE: the contact is not there: done. 404 to an unsubscribe's PUT: Brevo never
 *    had the contact: it is created blacklisted.
 *  - other 4xx (a refused address, a bad key): held as failed with Brevo's message, shown on
 *    the subscriber (`brevo_error`) and by `npm run outbox`, retried with `--retry`.
 */

export const BREVO_TIMEOUT_MS = 15_000;
/** When a 429 names no wait: a minute. */
const DEFAULT_RETRY_AFTER_MS = 60_000;

export class BrevoFailedError extends Error {
  override readonly name = 'BrevoFailedError';
}

/** Retry-After in seconds or as an HTTP date, in ms from `now`. */
export function retryAfterMs(header: string | null, now: number): number {
  if (header === null) return DEFAULT_RETRY_AFTER_MS;
  if (/^\d{1,6}$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? DEFAULT_RETRY_AFTER_MS : Math.max(0, date - now);
}

async function brevoMessage(response: Response): Promise<string> {
  const text = (await response.text().catch(() => '')).slice(0, 2000);
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown };
    return `Brevo ${response.status} ${String(body.code ?? '')}: ${String(body.message ?? '')}`.trim();
  } catch {
    return `Brevo ${response.status}`;
  }
}

export interface BrevoSenderOptions {
  db: Kysely<Database>;
  apiKey: string;
  apiUrl: string;
  now: () => number;
  fetch?: typeof fetch;
}

export function createBrevoSender(options: BrevoSenderOptions): OutboxSender {
  const send = options.fetch ?? fetch;
  const { db, now } = options;

  const call = (request: BrevoRequest) =>
    send(`${options.apiUrl}${request.path}`, {
      method: request.method,
      headers: { 'api-key': options.apiKey, accept: 'application/json', ...(request.body === null ? {} : { 'content-type': 'application/json' }) },
      body: request.body === null ? null : JSON.stringify(request.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(BREVO_TIMEOUT_MS),
    });

  const markSubscriber = (email: string, change: { brevo_synced_at?: string; brevo_error: string | null }) =>
    db.updateTable('newsletter_subscribers').set(change).where('email', '=', email).execute();

  async function deliver(row: OutboxMessage, request: BrevoRequest): Promise<number> {
    let response = await call(request);
    if (response.status === 404 && request.method === 'DELETE') return response.status;
    if (response.status === 404 && request.method === 'PUT' && request.body?.emailBlacklisted === true) {
      await response.body?.cancel();
      // Brevo never had the contact: it is made, already blacklisted.
      response = await call({ method: 'POST', path: '/v3/contacts', body: { email: row.to_address, emailBlacklisted: true, updateEnabled: true } });
    }
    if (response.status >= 200 && response.status <= 299) {
      await response.body?.cancel();
      return response.status;
    }
    const message = await brevoMessage(response);
    if (response.status === 429) throw new RetryLaterError(message, retryAfterMs(response.headers.get('retry-after'), now()));
    if (response.status >= 500) throw new BrevoFailedError(message);
    throw new PermanentFailureError(message);
  }

  return {
    channel: 'brevo',
    noun: 'Brevo change',
    hasDefaultRecipient: true,
    // An erasure's DELETE names the address: once Brevo has it, the row goes too.
    isForgottenOnDelivery: isBrevoErasure,
    async send(row) {
      if (row.request === null) throw new PermanentFailureError(`outbox row ${row.id} has no request`);
      const request = JSON.parse(row.request) as BrevoRequest;
      try {
        const status = await deliver(row, request);
        await markSubscriber(row.to_address, { brevo_synced_at: new Date(now()).toISOString(), brevo_error: null });
        return { responseStatus: status };
      } catch (error) {
        await markSubscriber(row.to_address, { brevo_error: (error instanceof Error ? error.message : String(error)).slice(0, 500) });
        throw error;
      }
    },
    close: () => undefined,
  };
}
