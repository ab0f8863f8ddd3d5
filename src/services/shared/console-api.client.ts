// The console's one HTTP client (ky), shared by its features' services: JSON in and out, below
// CONSOLE_API, the session cookie sent by the browser (same origin). Every answer is checked
// against its protocol struct; a refusal becomes a ConsoleApiError carrying the server's code
// (validation/console/console-api.ts), so machines branch on codes, never on HTTP details.
import ky, { HTTPError, type KyInstance } from 'ky';
import { is, mask, type Struct } from 'superstruct';
import { CONSOLE_API, CONSOLE_REFUSAL, ConsoleErrorStruct } from '../../validation/console/console-api.ts';
import { transportErrorOf } from './transport-error.ts';

export class ConsoleApiError extends Error {
  override readonly name = 'ConsoleApiError';
  /** The server's code, or `fetch_error` (no answer) / `invalid_answer` (not the protocol's). */
  readonly code: string;
  readonly status: number;
  /** The field a 400 names, if any. */
  readonly field: string | undefined;
  /** The refusal's `data` as the server sent it (a feature's details: the content editor's problems, a conflict's revision). */
  readonly data: Readonly<Record<string, unknown>>;
  constructor(code: string, message: string, status: number, field?: string, data: Readonly<Record<string, unknown>> = {}) {
    super(message);
    this.code = code;
    this.status = status;
    this.field = field;
    this.data = data;
  }

  /** True when the session is over (the console goes back to sign-in). */
  get isSignedOut(): boolean {
    return this.code === CONSOLE_REFUSAL.sessionRequired || this.code === CONSOLE_REFUSAL.sessionExpired;
  }
}

export interface ConsoleApi {
  get<T>(path: string, struct: Struct<T, unknown>, options?: { searchParams?: Record<string, string>; signal?: AbortSignal }): Promise<T>;
  post<T>(path: string, body: unknown, struct: Struct<T, unknown>, options?: { signal?: AbortSignal }): Promise<T>;
  /** A multipart/form-data POST (an upload); the browser writes the boundary. */
  postForm<T>(path: string, form: FormData, struct: Struct<T, unknown>, options?: { signal?: AbortSignal }): Promise<T>;
  /** The absolute URL of a GET below CONSOLE_API (downloads, exports). */
  url(path: string, searchParams?: Record<string, string>): string;
}

export interface ConsoleApiOptions {
  fetch?: typeof fetch;
  /** Where the site lives; the page's origin in a browser. */
  baseUrl?: string;
}

async function toConsoleError(thrown: unknown): Promise<ConsoleApiError> {
  if (thrown instanceof ConsoleApiError) return thrown;
  if (thrown instanceof HTTPError) {
    // ky has read the body already (its `data`, parsed JSON): the response's own is consumed.
    const body: unknown = thrown.data;
    if (is(body, ConsoleErrorStruct)) return new ConsoleApiError(body.code, body.message, body.data.status, body.data.field, body.data);
    return new ConsoleApiError('invalid_answer', `The server answered ${thrown.response.status} ${thrown.response.statusText}.`, thrown.response.status);
  }
  const error = transportErrorOf(thrown);
  const text = error instanceof Error ? error.message : String(error);
  if (error instanceof DOMException && error.name === 'AbortError') throw error;
  return new ConsoleApiError('fetch_error', `The server could not be reached (${text}). Check the connection and try again.`, 0);
}

function checked<T>(value: unknown, struct: Struct<T, unknown>): T {
  try {
    // mask: extra keys a newer server adds are dropped, a missing or wrong one is an error.
    return mask(value, struct);
  } catch {
    throw new ConsoleApiError('invalid_answer', 'The server\'s answer was not what the console expects. Reload the page.', 200);
  }
}

export function createConsoleApi(options: ConsoleApiOptions = {}): ConsoleApi {
  const base = options.baseUrl ?? (typeof location === 'undefined' ? 'http://localhost' : location.origin);
  const prefix = `${base}${CONSOLE_API}/`;
  const http: KyInstance = ky.create({
    prefix,
    credentials: 'same-origin',
    retry: 0,
    timeout: 30_000,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const relative = (path: string) => path.replace(/^\//, '');
  return {
    async get(path, struct, { searchParams, signal } = {}) {
      try {
        const body: unknown = await http.get(relative(path), { ...(searchParams ? { searchParams } : {}), ...(signal ? { signal } : {}) }).json();
        return checked(body, struct);
      } catch (error) {
        throw await toConsoleError(error);
      }
    },
    async post(path, body, struct, { signal } = {}) {
      try {
        const answer: unknown = await http.post(relative(path), { json: body, ...(signal ? { signal } : {}) }).json();
        return checked(answer, struct);
      } catch (error) {
        throw await toConsoleError(error);
      }
    },
    async postForm(path, form, struct, { signal } = {}) {
      try {
        // An upload of up to 20 MB on a slow line: longer than the JSON requests' 30 s.
        const answer: unknown = await http.post(relative(path), { body: form, timeout: 300_000, ...(signal ? { signal } : {}) }).json();
        return checked(answer, struct);
      } catch (error) {
        throw await toConsoleError(error);
      }
    },
    url(path, searchParams) {
      const query = searchParams ? new URLSearchParams(searchParams).toString() : '';
      return `${prefix}${relative(path)}${query ? `?${query}` : ''}`;
    },
  };
}
