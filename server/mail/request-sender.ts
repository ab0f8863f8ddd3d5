import { resolveSecretHeaders } from '../contact-form/api-actions.ts';
import type { OutboxRequest } from '../db/types.ts';
import { PermanentFailureError, type OutboxSender } from './outbox-worker.ts';

/*
 * The outbox's http channel: a form's API action sent as it was built when its submission was
 * stored. A request has 10 s; redirects are not followed (the allow-listed host is the only one
 * reached); only the first 64 KB of an answer are read (its status is what counts); any answer
 * outside 2xx, a timeout or a network error is a failure, retried like mail. A header queued as
 * `env:NAME` gets its value here, from FORM_ACTION_SECRETS (`secrets`), so no outbox row holds
 * it; a variable no longer listed fails the request for good, naming the variable, never a value.
 */

export const REQUEST_TIMEOUT_MS = 10_000;
export const RESPONSE_CAP_BYTES = 64 * 1024;

export class RequestFailedError extends Error {
  override readonly name = 'RequestFailedError';
}

/** Reads at most `cap` bytes of a body and drops the rest. */
async function readCapped(response: Response, cap: number): Promise<number> {
  if (!response.body) return 0;
  const reader = response.body.getReader();
  let read = 0;
  try {
    while (read <= cap) {
      const { done, value } = await reader.read();
      if (done) break;
      read += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Math.min(read, cap);
}

export function createRequestSender(options: { fetch?: typeof fetch; timeoutMs?: number; secrets?: ReadonlyMap<string, string> } = {}): OutboxSender {
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const secrets = options.secrets ?? new Map<string, string>();
  return {
    channel: 'http',
    noun: 'request',
    hasDefaultRecipient: true,
    async send(row) {
      if (row.request === null) throw new RequestFailedError(`outbox row ${row.id} has no request`);
      const request = JSON.parse(row.request) as OutboxRequest;
      const resolved = resolveSecretHeaders(request.headers, secrets);
      if (resolved.unlisted.length > 0) {
        throw new PermanentFailureError(`a header names ${resolved.unlisted.map((name) => `env:${name}`).join(', ')}, which FORM_ACTION_SECRETS no longer lists`);
      }
      const headers = new Headers(resolved.headers);
      if (request.contentType !== null) headers.set('content-type', request.contentType);
      const response = await send(request.url, {
        method: request.method,
        headers,
        body: request.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await readCapped(response, RESPONSE_CAP_BYTES);
      if (response.status < 200 || response.status > 299) throw new RequestFailedError(`HTTP ${response.status} from ${new URL(request.url).host}`);
      return { responseStatus: response.status };
    },
    close: () => undefined,
  };
}
