import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, OutboxMessage } from '../db/types.ts';
import { PermanentFailureError, RetryLaterError, type OutboxSender } from '../mail/outbox-worker.ts';
import { brevoEmptied, brevoRequestInit, isBrevoErasure, type BrevoManaged, type BrevoRequest } from './brevo-sync.ts';

/*
 * The outbox's brevo channel (README.md "The newsletter service (Brevo)"): a queued change sent
 * to Brevo's REST API v3 with the `api-key` header (BREVO_API_KEY is added here, never stored).
 *  - 2xx: done; the subscriber's `brevo_synced_at` is set and `brevo_error` cleared. A POST that
 *    updated a contact Brevo had (204) is followed by the row's `afterUpdate` PUT (the lists left).
 *  - 429: Brevo's rate limit: the row and the channel wait for `x-sib-ratelimit-reset` (seconds;
 *    a `Retry-After`, should one come, is read too) (RetryLaterError).
 *  - 425 Too Early, 5xx, a timeout, a network error: retried with backoff, for as long as it takes.
 *  - 404 to a DELETE: the contact is not there: done. 404 to an unsubscribe's PUT: Brevo never
 *    had the contact: it is created blacklisted.
 *  - 405 to a DELETE (Brevo keeps the account's own registered address): the contact is
 *    blacklisted and emptied instead, in one `PUT` (brevoEmptied: `emailBlacklisted` and
 *    `smsBlacklisted`, the forms' attributes cleared, the forms' lists unlinked), and the
 *    erasure is done, logged by row id (no address).
 *  - 400 `duplicate_parameter` naming the SMS number (it is on another contact): the change is
 *    sent again without `SMS`; done, with why on the subscriber (`brevo_error`).
 *  - other 4xx (a refused address, a bad key): held as failed with Brevo's message, shown on
 *    the subscriber (`brevo_error`) and by `npm run outbox`, retried with `--retry`.
 */

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

/** How long a 429 asks to wait: Brevo's `x-sib-ratelimit-reset` (seconds until the limit resets), else Retry-After. */
export function rateLimitWaitMs(headers: Headers, now: number): number {
  const reset = headers.get('x-sib-ratelimit-reset')?.trim();
  if (reset !== undefined && /^\d{1,6}(\.\d+)?$/.test(reset)) return Math.ceil(Number(reset) * 1000);
  return retryAfterMs(headers.get('retry-after'), now);
}

interface BrevoAnswer {
  message: string;
  code: string | null;
  /** Brevo's own `message`, as it came. */
  text: string;
  /** `metadata.duplicate_identifiers` of a `duplicate_parameter`. */
  duplicates: string[];
}

async function brevoAnswer(response: Response): Promise<BrevoAnswer> {
  const text = (await response.text().catch(() => '')).slice(0, 2000);
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown; metadata?: { duplicate_identifiers?: unknown } };
    const duplicates = body.metadata?.duplicate_identifiers;
    return {
      message: `Brevo ${response.status} ${String(body.code ?? '')}: ${String(body.message ?? '')}`.trim(),
      code: typeof body.code === 'string' ? body.code : null,
      text: typeof body.message === 'string' ? body.message : '',
      duplicates: Array.isArray(duplicates) ? duplicates.map(String) : [],
    };
  } catch {
    return { message: `Brevo ${response.status}`, code: null, text: '', duplicates: [] };
  }
}

/** The error a refused request is held or retried with. */
function refusal(response: Response, answer: BrevoAnswer, now: number): Error {
  if (response.status === 429) return new RetryLaterError(answer.message, rateLimitWaitMs(response.headers, now));
  // 425 Too Early (README.md "The newsletter service (Brevo)": creating and updating a contact): not yet, so later.
  if (response.status === 425 || response.status >= 500) return new BrevoFailedError(answer.message);
  return new PermanentFailureError(answer.message);
}

/**
 * The SMS number is on another contact: Brevo's `duplicate_parameter` naming SMS in
 * `metadata.duplicate_identifiers`, or, naming no field there, in its message. Any other
 * duplicate is a refusal like the rest.
 */
function isDuplicateSms(request: BrevoRequest, response: Response, answer: BrevoAnswer): boolean {
  const attributes = request.body?.attributes as Record<string, unknown> | undefined;
  if (response.status !== 400 || answer.code !== 'duplicate_parameter' || attributes?.SMS === undefined) return false;
  if (answer.duplicates.length > 0) return answer.duplicates.some((name) => name.toUpperCase() === 'SMS');
  return /\bSMS\b/i.test(answer.text);
}

function withoutSms(request: BrevoRequest): BrevoRequest {
  const { SMS: _sms, ...attributes } = (request.body?.attributes ?? {}) as Record<string, unknown>;
  return { ...request, body: { ...request.body, attributes } };
}

export interface BrevoSenderOptions {
  db: Kysely<Database>;
  apiKey: string;
  apiUrl: string;
  now: () => number;
  /** The attributes and lists of the site's forms, as they are when a row is sent. */
  managed: () => BrevoManaged;
  fetch?: typeof fetch;
  log?: FastifyBaseLogger;
}

export function createBrevoSender(options: BrevoSenderOptions): OutboxSender {
  const send = options.fetch ?? fetch;
  const { db, now, log } = options;

  const call = (request: BrevoRequest) =>
    send(`${options.apiUrl}${request.path}`, brevoRequestInit(options.apiKey, request.method, request.body));

  const markSubscriber = (email: string, change: { brevo_synced_at?: string; brevo_error: string | null }) =>
    db.updateTable('newsletter_subscribers').set(change).where('email', '=', email).execute();

  const done = async (response: Response) => {
    await response.body?.cancel();
    return response.status;
  };

  /** Sends one request; answers its status and, when it was sent otherwise than asked, why (kept on the subscriber). */
  async function deliver(row: OutboxMessage, request: BrevoRequest): Promise<{ status: number; note: string | null }> {
    let response = await call(request);
    let note: string | null = null;
    if (response.status === 404 && request.method === 'DELETE') return { status: await done(response), note };
    if (response.status === 405 && request.method === 'DELETE') {
      const answer = await brevoAnswer(response);
      // Brevo keeps this contact (the account's own address): it is emptied of what the site put there, and mailed nothing.
      response = await call({ method: 'PUT', path: request.path, body: brevoEmptied(options.managed()) });
      if (response.status === 404) return { status: await done(response), note };
      if (response.status >= 200 && response.status <= 299) {
        log?.warn({ outbox: row.id, reason: answer.message }, 'Brevo refused to delete a contact: blacklisted and emptied instead, the erasure is done');
      }
    }
    if (response.status === 404 && request.method === 'PUT' && request.body?.emailBlacklisted === true) {
      await response.body?.cancel();
      // Brevo never had the contact: it is made, already blacklisted.
      response = await call({ method: 'POST', path: '/v3/contacts', body: { email: row.to_address, emailBlacklisted: true, updateEnabled: true } });
    }
    let sent = request;
    if (response.status === 400 && request.method === 'POST') {
      const answer = await brevoAnswer(response);
      if (!isDuplicateSms(request, response, answer)) throw refusal(response, answer, now());
      // The number is another contact's in Brevo: the rest of the change goes, the reason stays on the subscriber.
      note = `${answer.message} (sent without SMS: the number is on another Brevo contact)`;
      sent = withoutSms(request);
      response = await call(sent);
    }
    if (response.status < 200 || response.status > 299) throw refusal(response, await brevoAnswer(response), now());
    const status = await done(response);
    if (status === 204 && sent.afterUpdate !== undefined) {
      const after = await call(sent.afterUpdate);
      // 404: the contact went meanwhile; it is on no list.
      if (after.status !== 404 && (after.status < 200 || after.status > 299)) throw refusal(after, await brevoAnswer(after), now());
      await done(after);
    }
    return { status, note };
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
        const { status, note } = await deliver(row, request);
        await markSubscriber(row.to_address, { brevo_synced_at: new Date(now()).toISOString(), brevo_error: note?.slice(0, 500) ?? null });
        return { responseStatus: status };
      } catch (error) {
        await markSubscriber(row.to_address, { brevo_error: (error instanceof Error ? error.message : String(error)).slice(0, 500) });
        throw error;
      }
    },
    close: () => undefined,
  };
}
