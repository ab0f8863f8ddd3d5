// Track The Click's REST API, as the plugin's script spoke it: a hit is multipart form data
// (`postID`, `location`, `anchor`, `target`) sent with navigator.sendBeacon to
// `track-the-click/v3/click/{cachebreak}`, falling back to a keepalive fetch where the browser
// has no beacon or refuses one (too much queued); a page's counts come from
// `…/getpagelinkclicks/{cachebreak}` with the `wp_rest` nonce in `X-WP-Nonce`.
import ky, { HTTPError } from 'ky';
import { array, is, literal, number, object, string, type, union, validate, pattern, type Describe } from 'superstruct';
import { CLICK_FIELD, CLICK_ROUTE, COUNTS_ROUTE, COUNTS_SESSION_REQUIRED, REST_NONCE_ACTION, type CountsAnswer as CountsAnswerShape } from '../../validation/click-tracking/index.ts';
import { SITE_REST_ROOT } from '../shared/site-config.client.ts';
import type { TrackedLink } from '../../validation/click-tracking/tracked-link.ts';
import { inNonceTurn } from '../shared/nonce-turn.ts';

export interface ClickHit {
  postId: number;
  /** The page's full URL when the link was followed. */
  location: string;
  link: TrackedLink;
}

export interface LinkCount extends TrackedLink {
  clicks: number;
}

export interface BeaconTransport {
  sendBeacon?: (url: string, data: FormData) => boolean;
  fetch: typeof fetch;
}

const restUrl = (root: string, path: string) => new URL(`${root}${path}`, typeof location === 'undefined' ? 'http://localhost/' : location.href).href;

const browserTransport = (): BeaconTransport => ({
  sendBeacon: typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function' ? (url, data) => navigator.sendBeacon(url, data) : undefined,
  fetch: (input, init) => fetch(input, init),
});

/**
 * Sends one hit; how it went ('beacon', 'fetch') is for tests. Nothing here can fail in a way the
 * visitor notices: a refused beacon becomes a keepalive fetch, and a failed fetch is dropped.
 */
export function sendClickHit(hit: ClickHit, cachebreak: number, root: string = SITE_REST_ROOT, transport: BeaconTransport = browserTransport()): 'beacon' | 'fetch' {
  const url = restUrl(root, `${CLICK_ROUTE}${String(cachebreak)}`);
  const data = new FormData();
  data.append(CLICK_FIELD.postId, String(hit.postId));
  data.append(CLICK_FIELD.location, hit.location);
  data.append(CLICK_FIELD.anchor, hit.link.anchor);
  data.append(CLICK_FIELD.target, hit.link.target);
  try {
    if (transport.sendBeacon?.(url, data)) return 'beacon';
  } catch {
    // A beacon the browser throws on (a bad URL or a locked-down page) goes by fetch instead.
  }
  void transport.fetch(url, { method: 'POST', body: data, keepalive: true, credentials: 'same-origin' }).catch(() => undefined);
  return 'fetch';
}

const NonceAnswer = object({ action: string(), nonce: pattern(string(), /^.+$/) });
const Count = union([number(), pattern(string(), /^\d+$/)]);
const CountsAnswer: Describe<CountsAnswerShape> = union([literal(false), array(object({ target: string(), anchor: string(), clicks: Count }))]);

export interface LinkCountsRequest {
  postId: number;
  location: string;
  cachebreak: number;
  root?: string;
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

/** Whether an error is the counts endpoint's refusal for a browser without a live console session. */
function isSessionRequired(error: unknown): boolean {
  if (!(error instanceof HTTPError) || error.response.status !== 403) return false;
  // ky has read the error's JSON body into `data`.
  return is(error.data, type({ code: string() })) && error.data.code === COUNTS_SESSION_REQUIRED;
}

/**
 * A page's link counts; `false` while the server shows none (CLICK_COUNTS off); null when the
 * server has no live console session for this browser (the tab's mark is stale).
 */
export async function fetchLinkCounts(request: LinkCountsRequest): Promise<LinkCount[] | false | null> {
  const root = request.root ?? SITE_REST_ROOT;
  const options = { signal: request.signal, retry: 0, ...(request.fetch ? { fetch: request.fetch } : {}) };
  const [badNonce, { nonce } = { nonce: '' }] = validate(await inNonceTurn(() => ky.get(restUrl(root, `site/v1/nonce/${REST_NONCE_ACTION}`), options).json()), NonceAnswer);
  if (badNonce) throw new Error(`Unexpected nonce answer: ${badNonce.message}`);
  const body = new FormData();
  body.append(CLICK_FIELD.postId, String(request.postId));
  body.append(CLICK_FIELD.location, request.location);
  let answer: unknown;
  try {
    answer = await ky.post(restUrl(root, `${COUNTS_ROUTE}${String(request.cachebreak)}`), { ...options, body, headers: { 'X-WP-Nonce': nonce, Accept: 'application/json' } }).json();
  } catch (error) {
    if (isSessionRequired(error)) return null;
    throw error;
  }
  const [problem, counts] = validate(answer, CountsAnswer);
  if (problem) throw new Error(`Unexpected click counts answer: ${problem.message}`);
  return counts === false ? false : counts.map((count) => ({ target: count.target, anchor: count.anchor, clicks: Number(count.clicks) }));
}
