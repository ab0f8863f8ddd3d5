// Contact Form 7's REST API over ky, with the plugin's own error mapping: a request that never
// got an answer is `fetch_error` ("You are probably offline."), an answer that is not JSON is
// `invalid_json`. An answer outside 2xx is logged (the plugin throws the response at the console)
// and becomes `http_error` with the server's WordPress message when it sent one.
import ky, { type KyInstance } from 'ky';
import { contactFormEndpoint } from '../../validation/contact-form/index.ts';
import type { FeedbackResponse, RefillResponse } from './cf7-api.types.ts';
import type { Wpcf7Api } from './cf7-config.service.ts';

export type Cf7ApiErrorCode = 'fetch_error' | 'invalid_json' | 'http_error';

export const FETCH_ERROR_MESSAGE = 'You are probably offline.';
export const INVALID_JSON_MESSAGE = 'The response is not a valid JSON response.';
/** Said for a failed answer that brought no message of its own (Contact Form 7's mail_sent_ng). */
export const HTTP_ERROR_MESSAGE = 'There was an error trying to send your message. Please try again later.';

export class Cf7ApiError extends Error {
  override readonly name = 'Cf7ApiError';
  readonly code: Cf7ApiErrorCode;
  readonly status?: number | undefined;
  constructor(code: Cf7ApiErrorCode, message: string, status?: number, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
    this.status = status;
  }
}

export interface Cf7ClientOptions {
  /** For tests: a fetch stand-in. */
  fetch?: typeof fetch;
  /** Where answers outside 2xx are reported. */
  log?: (...data: unknown[]) => void;
}

export interface Cf7Client {
  feedback(formId: number, body: FormData, signal?: AbortSignal): Promise<FeedbackResponse>;
  schema(formId: number, signal?: AbortSignal): Promise<unknown>;
  refill(formId: number, signal?: AbortSignal): Promise<RefillResponse>;
}

/** An upload of several megabytes on a slow line takes longer than ky's 10 s default. */
const FEEDBACK_TIMEOUT_MS = 60_000;
const ACCEPT = 'application/json, */*;q=0.1';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Cf7ApiError('invalid_json', INVALID_JSON_MESSAGE, response.status, { cause: error });
  }
}

function isFeedbackResponse(value: unknown): value is FeedbackResponse {
  return isObject(value) && typeof value.status === 'string' && typeof value.message === 'string';
}

export function createCf7Client(api: Wpcf7Api, options: Cf7ClientOptions = {}): Cf7Client {
  const log = options.log ?? ((...data: unknown[]) => console.error(...data));
  const http: KyInstance = ky.create({
    // Absolute against the page: a Request outside a browser (tests, workers) needs a full URL.
    prefix: typeof location === 'undefined' ? api.root : new URL(api.root, location.href).href,
    headers: { Accept: ACCEPT },
    throwHttpErrors: false,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  async function request(path: string, init: { method: 'get' | 'post'; body?: FormData; timeout?: number; signal?: AbortSignal }) {
    let response: Response;
    try {
      // POST is never retried (a second message is worse than none); GET keeps ky's retries.
      response = await http(path, { ...init, ...(init.method === 'post' ? { retry: 0 } : {}) });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      throw new Cf7ApiError('fetch_error', FETCH_ERROR_MESSAGE, undefined, { cause: error });
    }
    if (!response.ok) {
      const body = await readJson(response).catch(() => null);
      log(`${init.method.toUpperCase()} ${response.url || path}: HTTP ${response.status}`, body);
      const message = isObject(body) && typeof body.message === 'string' && body.message !== '' ? body.message : HTTP_ERROR_MESSAGE;
      throw new Cf7ApiError('http_error', message, response.status);
    }
    if (response.status === 204) return null;
    return readJson(response);
  }


  return {
    async feedback(formId, body, signal) {
      const answer = await request(contactFormEndpoint(api.namespace, formId, 'feedback'), { method: 'post', body, timeout: FEEDBACK_TIMEOUT_MS, signal });
      if (!isFeedbackResponse(answer)) throw new Cf7ApiError('invalid_json', INVALID_JSON_MESSAGE, 200);
      return { ...answer, invalid_fields: Array.isArray(answer.invalid_fields) ? answer.invalid_fields : [] };
    },
    schema(formId, signal) {
      return request(contactFormEndpoint(api.namespace, formId, 'schema'), { method: 'get', signal });
    },
    async refill(formId, signal) {
      const answer = await request(contactFormEndpoint(api.namespace, formId, 'refill'), { method: 'get', signal });
      return isObject(answer) ? (answer as RefillResponse) : {};
    },
  };
}
