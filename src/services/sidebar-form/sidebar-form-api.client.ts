// The sidebar contact form's two calls to admin-ajax.php over ky, urlencoded as the plugin's
// jQuery serialize() posted them: a human-test question, and sending a message. Answers are
// checked with superstruct. A send's answer is the plugin's JSON `{success, result, message?,
// errors?}` whatever the HTTP status; anything else (no answer, a 4xx/5xx without that JSON, a
// body that is not JSON) is a transport error: the panel shows its failure text either way.
import ky, { type KyInstance } from 'ky';
import { boolean, is, literal, number, optional, record, string, type, type Infer } from 'superstruct';
import { ADMIN_AJAX_PATH } from '../../validation/shared/admin-ajax.ts';
import { HUMAN_TEST_ACTION, SIDEBAR_FIELD, SIDEBAR_SEND_ACTION } from '../../validation/sidebar-form/index.ts';
import { transportErrorOf } from '../shared/transport-error.ts';

export const SIDEBAR_AJAX_PATH = ADMIN_AJAX_PATH;

export class SidebarApiError extends Error {
  override readonly name = 'SidebarApiError';
  readonly status?: number | undefined;
  constructor(message: string, status?: number, options?: ErrorOptions) {
    super(message, options);
    this.status = status;
  }
}

const QuestionAnswer = type({
  success: literal(true),
  data: type({ question: string(), a: number(), b: number(), challenge: string(), expires_at: string() }),
});

const SendAnswerStruct = type({
  success: boolean(),
  result: boolean(),
  message: optional(string()),
  errors: optional(record(string(), string())),
});

export type SendAnswer = Infer<typeof SendAnswerStruct>;

/** A question of the human test, with the signed challenge the form posts back. */
export interface HumanTestQuestion {
  text: string;
  sum: number;
  challenge: string;
}

export interface SidebarClientOptions {
  fetch?: typeof fetch;
  baseUrl?: string;
}

export interface SidebarClient {
  question(signal?: AbortSignal): Promise<HumanTestQuestion>;
  send(entries: ReadonlyArray<readonly [string, string]>, signal?: AbortSignal): Promise<SendAnswer>;
}

export function createSidebarClient(options: SidebarClientOptions = {}): SidebarClient {
  const base = options.baseUrl ?? (typeof location === 'undefined' ? 'http://localhost/' : location.origin + '/');
  const http: KyInstance = ky.create({ prefix: base, throwHttpErrors: false, retry: 0, ...(options.fetch ? { fetch: options.fetch } : {}) });

  async function post(entries: ReadonlyArray<readonly [string, string]>, signal?: AbortSignal): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await http.post(SIDEBAR_AJAX_PATH, { body: new URLSearchParams(entries.map(([name, value]) => [name, value])), headers: { Accept: 'application/json' }, signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      const cause = transportErrorOf(error);
      throw new SidebarApiError(cause instanceof Error ? cause.message : String(cause), undefined, { cause });
    }
    const text = await response.text();
    try {
      return { status: response.status, body: JSON.parse(text) as unknown };
    } catch (error) {
      throw new SidebarApiError(`HTTP ${String(response.status)}: the answer is not JSON`, response.status, { cause: error });
    }
  }

  return {
    async question(signal) {
      const { status, body } = await post([[SIDEBAR_FIELD.action, HUMAN_TEST_ACTION]], signal);
      if (!is(body, QuestionAnswer)) throw new SidebarApiError(`HTTP ${String(status)}: no question in the answer`, status);
      return { text: body.data.question, sum: body.data.a + body.data.b, challenge: body.data.challenge };
    },
    async send(entries, signal) {
      const { status, body } = await post([[SIDEBAR_FIELD.action, SIDEBAR_SEND_ACTION], ...entries], signal);
      if (!is(body, SendAnswerStruct)) throw new SidebarApiError(`HTTP ${String(status)}: ${JSON.stringify(body).slice(0, 200)}`, status);
      return body;
    },
  };
}
