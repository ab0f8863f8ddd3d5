import { homeFields, urlencoded } from '../../server/helpers/newsletter-requests.ts';
import { DEFAULT_USER_AGENT, multipartBody } from '../../server/helpers/multipart.ts';
import { validContactFields } from '../../server/helpers/test-forms.ts';

/*
 * Mixed traffic from a few concurrent clients against a real server (README.md, "Faults the
 * server survives"): contact messages, newsletter sign-ups, click beacons and pages, each
 * message and sign-up with a token of its own, so a test can look for every acknowledged one
 * in the database afterwards. Every answer is recorded with its times; nothing is retried.
 */

export type RequestKind = 'message' | 'sign-up' | 'beacon' | 'page';

export interface RecordedAnswer {
  kind: RequestKind;
  /** Milliseconds since the epoch. */
  startedAt: number;
  endedAt: number;
  /** HTTP status; 0 when no answer came (the client gave up after its own 60 s or the connection failed). */
  status: number;
  /** The protocol's outcome: CF7's or the plugin's status, a code, `true` for a stored beacon. */
  outcome: string;
  /** The server said it stored it. */
  acknowledged: boolean;
  /** The message's sender name or the sign-up's address. */
  token?: string;
}

export interface SiteLoad {
  answers: RecordedAnswer[];
  stop(): Promise<void>;
}

/** The beacon's page and link, as test/server/helpers/static-fixture.ts builds them, on SITE_URL. */
export const LOAD_SITE_URL = 'https://www.example.co.za';

const KINDS: readonly RequestKind[] = ['message', 'sign-up', 'beacon', 'page'];
const CLIENT_TIMEOUT_MS = 60_000;

/** `thinkMs`: each client's pause between two requests (0: as fast as answers come). */
export function startSiteLoad(base: string, { clients = 4, label = 'load', thinkMs = 0 } = {}): SiteLoad {
  const answers: RecordedAnswer[] = [];
  let running = true;
  let counter = 0;
  const loops = Array.from({ length: clients }, async (_, client) => {
    const visitor = await nonceFor(base);
    for (let turn = client; running; turn += 1) {
      const kind = KINDS[turn % KINDS.length]!;
      const token = `${label}-${process.pid}-${(counter += 1)}`;
      answers.push(await send(base, kind, token, visitor));
      if (thinkMs > 0) await new Promise((resolve) => setTimeout(resolve, thinkMs));
    }
  });
  return {
    answers,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function nonceFor(base: string): Promise<{ nonce: string; cookie: string }> {
  const response = await fetch(`${base}/wp-json/site/v1/nonce/sib_subscribe`, { headers: { 'user-agent': DEFAULT_USER_AGENT } });
  const cookie = (response.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  const { nonce } = (await response.json()) as { nonce: string };
  return { nonce, cookie };
}

async function send(base: string, kind: RequestKind, token: string, visitor: { nonce: string; cookie: string }): Promise<RecordedAnswer> {
  const startedAt = Date.now();
  const signal = AbortSignal.timeout(CLIENT_TIMEOUT_MS);
  const headers = { 'user-agent': DEFAULT_USER_AGENT };
  try {
    if (kind === 'message') {
      const name = `Visitor ${token}`;
      const { payload, contentType } = await multipartBody(validContactFields({ 'your-name': name }));
      const response = await fetch(`${base}/wp-json/contact-form-7/v1/contact-forms/5/feedback`, { method: 'POST', headers: { ...headers, 'content-type': contentType }, body: new Uint8Array(payload), signal });
      const body = (await response.json()) as { status?: string; code?: string };
      const outcome = body.status ?? body.code ?? '';
      return { kind, startedAt, endedAt: Date.now(), status: response.status, outcome, acknowledged: response.status === 200 && outcome === 'mail_sent', token: name };
    }
    if (kind === 'sign-up') {
      const email = `${token}@example.co.za`;
      const sms = `+27 82 ${String(Number(token.split('-').at(-1)) % 10_000_000).padStart(7, '0')}`;
      const response = await fetch(`${base}/newsletter/subscribe/`, {
        method: 'POST',
        headers: { ...headers, cookie: visitor.cookie, 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
        body: urlencoded(homeFields(visitor.nonce, { email, SMS: sms })),
        signal,
      });
      const body = (await response.json()) as { status?: string; code?: string };
      const outcome = body.code ?? body.status ?? '';
      return { kind, startedAt, endedAt: Date.now(), status: response.status, outcome, acknowledged: response.status === 200 && body.status === 'success', token: email };
    }
    if (kind === 'beacon') {
      const fields = { postID: '12', location: `${LOAD_SITE_URL}/`, anchor: 'LinkedIn', target: 'https://www.linkedin.com/company/lumina' };
      const response = await fetch(`${base}/wp-json/track-the-click/v3/click/${Date.now()}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString(), signal });
      const body = (await response.json()) as unknown;
      const outcome = body === true ? 'true' : String((body as { code?: string }).code ?? JSON.stringify(body));
      return { kind, startedAt, endedAt: Date.now(), status: response.status, outcome, acknowledged: response.status === 200 && body === true };
    }
    const response = await fetch(`${base}/`, { headers, signal });
    await response.arrayBuffer();
    return { kind, startedAt, endedAt: Date.now(), status: response.status, outcome: String(response.status), acknowledged: response.status === 200 };
  } catch (error) {
    return { kind, startedAt, endedAt: Date.now(), status: 0, outcome: error instanceof Error ? error.name : 'error', acknowledged: false, token };
  }
}

/** Acknowledged answers per second among those that ended in [from, to). */
export function acknowledgedRate(answers: readonly RecordedAnswer[], from: number, to: number): number {
  return answers.filter((answer) => answer.acknowledged && answer.endedAt >= from && answer.endedAt < to).length / ((to - from) / 1000);
}

/**
 * Answers a fault may bring, by kind: the message CF7's mail_failed (200), the sign-up the plugin's
 * failure (200), a beacon 503 with a code; never a 4xx that blames the visitor, a 500 or no answer.
 */
export function unexpectedAnswers(answers: readonly RecordedAnswer[]): RecordedAnswer[] {
  return answers.filter((answer) => {
    if (answer.acknowledged) return false;
    if (answer.kind === 'message') return !(answer.status === 200 && answer.outcome === 'mail_failed');
    if (answer.kind === 'sign-up') return !(answer.status === 200 && answer.outcome === 'failure') && !(answer.status === 503 && answer.outcome === 'database_unavailable');
    if (answer.kind === 'beacon') return !(answer.status === 503 && (answer.outcome === 'database_unavailable' || answer.outcome === 'ttc_busy'));
    return true;
  });
}
