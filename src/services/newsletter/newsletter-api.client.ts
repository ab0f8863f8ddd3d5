// The newsletter's HTTP calls over ky: a nonce when the form needs one, the subscription POST
// (urlencoded, as the Brevo plugin's jQuery serialize posts it) and the country prefix list.
// Answers are checked with superstruct. A subscription answer is any JSON body with one of the
// plugin's statuses and its notice where the plugin puts it (`msg.successMsg`… or a string:
// validation/newsletter/newsletter-notice.ts), whatever the HTTP status (the server sends
// 403/404/429… in the same shape, with a `code`); the client hands on the notice's text. Only a
// request that got no answer, or an answer that is not such JSON, is a transport error, and its
// message is the raw error the visitor is shown (the plugin shows the jqXHR error).
import ky, { type KyInstance } from 'ky';
import { enums, is, optional, string, type, union } from 'superstruct';
import { NEWSLETTER_STATUSES, noticeText, type NewsletterStatus } from '../../validation/newsletter/index.ts';
import { ADMIN_AJAX_ACTION_FIELD, ADMIN_AJAX_NONCE_FIELD, ADMIN_AJAX_PATH } from '../../validation/shared/admin-ajax.ts';
import { inNonceTurn } from '../shared/nonce-turn.ts';
import { transportErrorOf } from '../shared/transport-error.ts';

export type NewsletterApiErrorCode = 'fetch_error' | 'invalid_answer' | 'http_error';

export class NewsletterApiError extends Error {
  override readonly name = 'NewsletterApiError';
  readonly code: NewsletterApiErrorCode;
  readonly status?: number | undefined;
  constructor(code: NewsletterApiErrorCode, message: string, status?: number, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
    this.status = status;
  }
}

const NonceAnswer = type({ action: string(), nonce: string() });

const SubscribeAnswerStruct = type({
  status: enums(NEWSLETTER_STATUSES),
  msg: union([string(), type({ successMsg: optional(string()), errorMsg: optional(string()), existMsg: optional(string()), invalidMsg: optional(string()) })]),
  redirect: optional(string()),
  code: optional(string()),
});

/** What the server answered a subscription with, its notice read, plus the HTTP status it came with. */
export interface SubscribeAnswer {
  status: NewsletterStatus;
  /** The notice's text, as the plugin's script shows it. */
  message: string;
  redirect: string;
  code?: string;
  httpStatus: number;
}

/** The error the server gives with 403 when the `security` nonce is stale or forged. */
export const INVALID_NONCE_CODE = 'sib_invalid_nonce';

export const NONCE_ACTIONS = { subscribe: 'sib_subscribe', countryPrefix: 'sib_country_prefix' } as const;
export const COUNTRY_PREFIX_AJAX_ACTION = 'sib_get_country_prefix';
export { ADMIN_AJAX_PATH };

export interface NewsletterClientOptions {
  /** For tests: a fetch stand-in. */
  fetch?: typeof fetch;
  /** Where the site lives; the page's origin in a browser. */
  baseUrl?: string;
}

export interface NewsletterClient {
  nonce(action: string, signal?: AbortSignal): Promise<string>;
  subscribe(actionPath: string, entries: ReadonlyArray<readonly [string, string]>, signal?: AbortSignal): Promise<SubscribeAnswer>;
  /** The prefix list's HTML; `INVALID_NONCE_CODE` errors carry the code as `message`. */
  countryPrefixList(nonce: string, signal?: AbortSignal): Promise<string>;
}

const rawError = (thrown: unknown) => {
  const error = transportErrorOf(thrown);
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
};

const formBody = (entries: ReadonlyArray<readonly [string, string]>) => new URLSearchParams(entries.map(([name, value]) => [name, value]));

export function createNewsletterClient(options: NewsletterClientOptions = {}): NewsletterClient {
  const base = options.baseUrl ?? (typeof location === 'undefined' ? 'http://localhost/' : location.origin + '/');
  const http: KyInstance = ky.create({
    prefix: base,
    throwHttpErrors: false,
    retry: 0,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  async function send(path: string, init: { method: 'get' | 'post'; body?: URLSearchParams; accept: string; signal?: AbortSignal }) {
    try {
      return await http(path.replace(/^\//, ''), { method: init.method, body: init.body, headers: { Accept: init.accept }, signal: init.signal });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      throw new NewsletterApiError('fetch_error', rawError(error), undefined, { cause: error });
    }
  }

  async function json(response: Response): Promise<unknown> {
    const text = await response.text();
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new NewsletterApiError('invalid_answer', rawError(error), response.status, { cause: error });
    }
  }

  return {
    async nonce(action, signal) {
      const response = await inNonceTurn(() => send(`wp-json/site/v1/nonce/${encodeURIComponent(action)}`, { method: 'get', accept: 'application/json', signal }));
      if (!response.ok) throw new NewsletterApiError('http_error', `HTTP ${String(response.status)} ${response.statusText}`.trim(), response.status);
      const answer = await json(response);
      if (!is(answer, NonceAnswer) || answer.nonce === '') {
        throw new NewsletterApiError('invalid_answer', `The nonce answer for ${action} has no nonce`, response.status);
      }
      return answer.nonce;
    },
    async subscribe(actionPath, entries, signal) {
      const response = await send(actionPath, { method: 'post', body: formBody(entries), accept: 'application/json', signal });
      const answer = await json(response);
      const unexpected = () => new NewsletterApiError('invalid_answer', `Unexpected answer (HTTP ${String(response.status)}): ${JSON.stringify(answer).slice(0, 200)}`, response.status);
      if (!is(answer, SubscribeAnswerStruct)) throw unexpected();
      // A notice the plugin's script would show as "undefined" (a string for success, another status' key).
      const message = noticeText(answer.status, answer.msg);
      if (message === undefined) throw unexpected();
      return { status: answer.status, message, redirect: answer.redirect ?? '', ...(answer.code ? { code: answer.code } : {}), httpStatus: response.status };
    },
    async countryPrefixList(nonce, signal) {
      const body = formBody([
        [ADMIN_AJAX_ACTION_FIELD, COUNTRY_PREFIX_AJAX_ACTION],
        [ADMIN_AJAX_NONCE_FIELD, nonce],
      ]);
      const response = await send(ADMIN_AJAX_PATH, { method: 'post', body, accept: 'text/html', signal });
      if (response.ok) return response.text();
      const answer = await json(response).catch(() => null);
      const code = typeof answer === 'object' && answer !== null && 'code' in answer && typeof answer.code === 'string' ? answer.code : '';
      throw new NewsletterApiError('http_error', code || `HTTP ${String(response.status)}`, response.status);
    },
  };
}
