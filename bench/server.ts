// `npm run bench:server`: throughput and tail latency of the server's hot paths on loopback,
// measured with autocannon (10 connections; the median of three 10 s runs per endpoint, since
// runs on a shared VM differ by a tenth or more) against the real entry point
// (server/main.ts: one process per core, as it runs by default) on a temporary SQLite
// database, and when DATABASE_URL names a PostgreSQL server on a new database there as well
// (created for the run and dropped after it), without SMTP: every feedback POST is validated, stored and outboxed exactly as in
// production, and the mail stays in the outbox; so is every newsletter sign-up. The rate
// limits are switched off for the run. Prints req/s and p99 per endpoint, PostgreSQL's beside
// SQLite's, and the targets of ARCHITECTURE.md ("Targets"); it reports, it does not fail on a
// miss. BENCH_ONLY=feedback,beacon measures only the endpoints so named.
import { connect } from 'node:net';
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { isPostgresUrl } from '../server/db/dialect.ts';
import { ensureBuilt, printTable, startBuiltServer } from './support/built-server.ts';
// The same valid submission as the server tests.
import { validContactFields } from '../test/server/helpers/test-forms.ts';
import { contactFormUrl } from '../src/validation/contact-form/index.ts';
import { readPageLinks } from '../server/click-tracking/site-pages.ts';
import { homeFields, urlencoded } from '../test/server/helpers/newsletter-requests.ts';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
/** Runs per endpoint; the median is reported (this VM's runs differ by a tenth or more). */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** BENCH_CONNECTIONS: the clients' connections (default 10, as every figure in README.md's "Measured"). */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Endpoint {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: Buffer;
  target?: { requestsPerSecond: number; p99Ms?: number };
  /** The status every answer should have (default: any 2xx). */
  expectStatus?: number;
  /** A body per request (autocannon's setupRequest), for requests that must differ. */
  bodyOf?: () => string;
}

ensureBuilt();

/** A valid submission of the page contact form (id 5), encoded as a browser's fetch would. */
async function feedbackBody(): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  const fields = validContactFields({
    'your-message': 'We need a 4 x 2 m LED wall for our Sandton store by March. Please send a quote.',
  });
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('your-file', new File([], ''), '');
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') ?? '' };
}

/** Fields as a browser's FormData sends them. */
async function multipart(fields: Record<string, string>): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') ?? '' };
}

/** Each endpoint's figures on one database. */
interface Measured {
  rate: number;
  /** null for the minimal client, which does not time answers. */
  p99: number | null;
  failed: number;
}

interface Row {
  name: string;
  target?: { requestsPerSecond: number; p99Ms?: number };
}

const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

/** The endpoints, on the server at `base` (some requests need its nonce or its page's ETag). */
async function endpointsOf(base: string): Promise<Endpoint[]> {
  const feedback = await feedbackBody();
  const clickBeacon = await clickBeaconOf(base);
  // A nonce pairs with the visitor cookie that came with it.
  const signUp = await nonceOf(`${base}/wp-json/site/v1/nonce/sib_subscribe`);
  return [
    {
      name: 'feedback POST (stored + outboxed)',
      method: 'POST',
      path: contactFormUrl(5, 'feedback'),
      headers: { 'content-type': feedback.contentType, 'user-agent': USER_AGENT },
      body: feedback.body,
      target: { requestsPerSecond: 5000, p99Ms: 20 },
    },
    {
      name: 'schema GET',
      method: 'GET',
      path: contactFormUrl(5, 'schema'),
      headers: { 'accept-encoding': 'br, gzip', 'user-agent': USER_AGENT },
      target: { requestsPerSecond: 10_000 },
    },
    {
      name: 'static page GET /',
      method: 'GET',
      path: '/',
      headers: { 'accept-encoding': 'br, gzip', 'user-agent': USER_AGENT },
      target: { requestsPerSecond: 10_000 },
    },
    {
      // What a returning browser does: the HTML is no-cache, so it revalidates by ETag.
      name: 'static page GET / revalidated (304)',
      method: 'GET',
      path: '/',
      headers: { 'accept-encoding': 'br, gzip', 'user-agent': USER_AGENT, 'if-none-match': await etagOf(`${base}/`) },
      target: { requestsPerSecond: 10_000 },
      expectStatus: 304,
    },
    {
      // Every request a new address: validated, stored with its consent record and its
      // confirmation mail in one transaction, as a first sign-up is.
      name: 'newsletter subscribe POST (new subscriber, stored + outboxed)',
      method: 'POST',
      path: '/newsletter/subscribe/',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', 'user-agent': USER_AGENT, cookie: signUp.cookie },
      bodyOf: newsletterBodies(signUp.nonce),
      target: { requestsPerSecond: 2000 },
    },
    {
      // The same sign-up again: read, found, nothing written.
      name: 'newsletter subscribe POST (repeat: already_exist)',
      method: 'POST',
      path: '/newsletter/subscribe/',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', 'user-agent': USER_AGENT, cookie: signUp.cookie },
      body: Buffer.from(urlencoded(homeFields(signUp.nonce))),
    },
    {
      // A Track The Click beacon, as sendBeacon posts it: acknowledged once its hit is committed.
      name: 'click beacon POST (hit committed)',
      method: 'POST',
      path: '/wp-json/track-the-click/v3/click/1',
      headers: { 'content-type': clickBeacon.contentType, 'user-agent': USER_AGENT },
      body: clickBeacon.body,
      target: { requestsPerSecond: 15_000 },
    },
    { name: 'healthz GET', method: 'GET', path: '/healthz' },
  ];
}

/**
 * autocannon turns every response body into a string, which costs it more than the server
 * spends sending a 10 KB brotli page, and on two cores its own work takes the CPU the server
 * processes would use: a minimal keep-alive client shows the server's own rate.
 */
async function crossChecksOf(base: string): Promise<Array<{ name: string; request: RawRequest; target: number }>> {
  const clickBeacon = await clickBeaconOf(base);
  return [
    { name: 'static page GET / (minimal client, cross-check)', request: { method: 'GET', path: '/', headers: { 'accept-encoding': 'br, gzip' } }, target: 10_000 },
    {
      name: 'click beacon POST (minimal client, cross-check)',
      request: { method: 'POST', path: '/wp-json/track-the-click/v3/click/1', headers: { 'content-type': clickBeacon.contentType, 'user-agent': USER_AGENT }, body: clickBeacon.body },
      target: 15_000,
    },
  ];
}

/** A beacon for a real outside link of the home page: the server stores hits only for the build's links. */
async function clickBeaconOf(base: string): Promise<{ body: Buffer; contentType: string }> {
  const pageLinks = await readPageLinks('dist/client');
  const home = pageLinks?.pages.find((page) => page.path === '/');
  const outside = home?.links.find((link) => !link.target.startsWith(pageLinks?.origin ?? ''));
  if (home === undefined || outside === undefined) throw new Error('dist/client/page-links.json lists no outside link of the home page: run npm run build');
  return multipart({ postID: String(home.postId), location: `${base}/`, anchor: outside.anchor, target: outside.target });
}

/** BENCH_ONLY (a comma-separated list of words): only the endpoints whose name has one of them. */
function isChosen(name: string): boolean {
  const words = (process.env.BENCH_ONLY ?? '').split(',').map((word) => word.trim().toLowerCase()).filter((word) => word !== '');
  return words.length === 0 || words.some((word) => name.toLowerCase().includes(word));
}

/** Every chosen endpoint on one database: the server started for it, measured, stopped. */
async function measureOn(label: string, processes: number, postgres: string | undefined): Promise<{ rows: Row[]; measured: Map<string, Measured> }> {
  process.stdout.write(`\n${label}\n`);
  const { base, port, stop } = await startBuiltServer(
    {
      FEEDBACK_RATE_LIMIT: 'off',
      NEWSLETTER_RATE_LIMIT: 'off',
      // Every new address of the run is at one domain; its confirmation mails are not limited here.
      NEWSLETTER_DOMAIN_MAIL_LIMIT: 'off',
      CLICK_RATE_LIMIT: 'off',
      WEB_CONCURRENCY: String(processes),
      ...(process.env.SQLITE_SYNCHRONOUS === undefined ? {} : { SQLITE_SYNCHRONOUS: process.env.SQLITE_SYNCHRONOUS }),
    },
    postgres === undefined ? {} : { postgres },
  );
  const rows: Row[] = [];
  const measured = new Map<string, Measured>();
  try {
    for (const endpoint of (await endpointsOf(base)).filter((each) => isChosen(each.name))) {
      // A short warm-up: JIT, connection pools, the database's page cache.
      await run(base, endpoint, 2);
      const results: autocannon.Result[] = [];
      for (let index = 0; index < RUNS; index += 1) results.push(await run(base, endpoint, DURATION_SECONDS));
      const result = median(results, (each) => each.requests.average);
      const failedIn = (each: autocannon.Result) => {
        const expected = endpoint.expectStatus === undefined ? undefined : each.statusCodeStats?.[`${endpoint.expectStatus}`]?.count ?? 0;
        return (expected === undefined ? each.non2xx : each.requests.total - expected) + each.errors;
      };
      // Any failed answer in any run counts.
      const failed = results.reduce((total, each) => total + failedIn(each), 0);
      rows.push({ name: endpoint.name, ...(endpoint.target === undefined ? {} : { target: endpoint.target }) });
      measured.set(endpoint.name, { rate: result.requests.average, p99: result.latency.p99, failed });
      process.stdout.write(`${endpoint.name}: ${results.map((each) => Math.round(each.requests.average)).join(' / ')} req/s (median ${Math.round(result.requests.average)}, p99 ${result.latency.p99} ms), ${failed} failed\n`);
    }
    for (const { name, request, target } of (await crossChecksOf(base)).filter((each) => isChosen(each.name))) {
      await rawKeepAliveRate(port, request, 2);
      const runs: Array<{ rate: number; failed: number }> = [];
      for (let index = 0; index < RUNS; index += 1) runs.push(await rawKeepAliveRate(port, request, DURATION_SECONDS));
      const rate = median(runs, (each) => each.rate).rate;
      const failed = runs.reduce((total, each) => total + each.failed, 0);
      rows.push({ name, target: { requestsPerSecond: target } });
      measured.set(name, { rate, p99: null, failed });
      process.stdout.write(`${name}: ${runs.map((each) => Math.round(each.rate)).join(' / ')} req/s (median ${Math.round(rate)}), ${failed} failed\n`);
    }
  } finally {
    await stop();
  }
  return { rows, measured };
}

/**
 * The target an endpoint is held to on a database (ARCHITECTURE.md, "Targets"): the feedback
 * POST's is lower on PostgreSQL, where every commit is a round trip and a sync of its log.
 */
function targetOn(row: Row, postgres: boolean): Row['target'] {
  if (row.target === undefined || !postgres || !row.name.startsWith('feedback POST')) return row.target;
  return { ...row.target, requestsPerSecond: POSTGRES_FEEDBACK_TARGET };
}

const POSTGRES_FEEDBACK_TARGET = 3000;

function verdict(target: Row['target'], figures: Measured | undefined): string {
  if (target === undefined || figures === undefined) return '—';
  const met = figures.rate >= target.requestsPerSecond && figures.failed === 0 && (target.p99Ms === undefined || (figures.p99 !== null && figures.p99 < target.p99Ms));
  return met ? 'met' : 'NOT met';
}

function targetText(target: Row['target']): string {
  return target === undefined ? '—' : `≥ ${target.requestsPerSecond.toLocaleString('en-ZA')}${target.p99Ms === undefined ? '' : `, p99 < ${target.p99Ms} ms`}`;
}

function figuresText(figures: Measured | undefined): string[] {
  if (figures === undefined) return ['', '', ''];
  return [Math.round(figures.rate).toLocaleString('en-ZA'), figures.p99 === null ? '—' : `${figures.p99} ms`, String(figures.failed)];
}

async function main(): Promise<void> {
  // The server as it runs by default (one process per core, SQLite synchronous=normal);
  // WEB_CONCURRENCY and SQLITE_SYNCHRONOUS in the environment measure the others.
  const processes = Number(process.env.WEB_CONCURRENCY ?? availableParallelism());
  // DATABASE_URL naming a PostgreSQL: the same endpoints on it too, each figure beside SQLite's.
  const databaseUrl = process.env.DATABASE_URL?.trim();
  const postgres = databaseUrl !== undefined && isPostgresUrl(databaseUrl) ? databaseUrl : undefined;
  if (databaseUrl && postgres === undefined && !databaseUrl.startsWith('sqlite:')) throw new Error(`DATABASE_URL must be a postgres:// URL for bench:server (got ${databaseUrl.split(':')[0]}:…)`);
  const sqlite = await measureOn(`SQLite (synchronous ${process.env.SQLITE_SYNCHRONOUS ?? 'normal'})`, processes, undefined);
  const onPostgres = postgres === undefined ? undefined : await measureOn(`PostgreSQL (${await postgresSettings(postgres)})`, processes, postgres);

  const header = ['endpoint', 'SQLite req/s', 'p99', 'failed', 'target', ''];
  if (onPostgres !== undefined) header.push('PostgreSQL req/s', 'p99', 'failed', 'target', '');
  const table = sqlite.rows.map((row) => {
    const cells = [row.name, ...figuresText(sqlite.measured.get(row.name)), targetText(row.target), verdict(row.target, sqlite.measured.get(row.name))];
    if (onPostgres !== undefined) {
      const target = targetOn(row, true);
      cells.push(...figuresText(onPostgres.measured.get(row.name)), targetText(target), verdict(target, onPostgres.measured.get(row.name)));
    }
    return cells;
  });
  printTable(header, table);
  process.stdout.write(
    `\n${CONNECTIONS} connections, median of ${RUNS} runs of ${DURATION_SECONDS} s each, loopback, ${processes} server process${processes === 1 ? '' : 'es'} (WEB_CONCURRENCY), LOG_LEVEL=${process.env.BENCH_LOG_LEVEL ?? 'warn'}, no SMTP; failed: answers not as expected, in any run.\n`,
  );
}

/** What decides a commit's cost on the PostgreSQL measured (durability must be as in production). */
async function postgresSettings(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string; fsync: string; synchronous_commit: string }>(
      `select current_setting('server_version') as version, current_setting('fsync') as fsync, current_setting('synchronous_commit') as synchronous_commit`,
    );
    const settings = rows[0];
    return settings === undefined ? '' : `${settings.version}, fsync ${settings.fsync}, synchronous_commit ${settings.synchronous_commit}`;
  } finally {
    await client.end();
  }
}

/** The run with the median value (the upper middle one of an even count). */
function median<T>(runs: readonly T[], valueOf: (run: T) => number): T {
  const sorted = [...runs].sort((a, b) => valueOf(a) - valueOf(b));
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** A nonce and the cookie it pairs with (server/security/nonce-cookie.ts), as the page fetches them. */
async function nonceOf(url: string): Promise<{ nonce: string; cookie: string }> {
  const response = await fetch(url);
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  return { nonce: ((await response.json()) as { nonce: string }).nonce, cookie };
}

/** Valid sign-ups of the home newsletter form, each with an address not used before. */
function newsletterBodies(nonce: string): () => string {
  let count = 0;
  return () => {
    count += 1;
    return urlencoded(homeFields(nonce, { email: `reader-${process.pid}-${count}@example.co.za` }));
  };
}

async function etagOf(url: string): Promise<string> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
  await response.arrayBuffer();
  return response.headers.get('etag') ?? '';
}

type RawRequest = Pick<Endpoint, 'method' | 'path' | 'headers' | 'body'>;

/**
 * Requests per second from CONNECTIONS keep-alive sockets that each send the next request as
 * soon as the previous answer (read by its Content-Length) is complete, without decoding
 * bodies; answers other than 2xx are counted as failed.
 */
async function rawKeepAliveRate(port: number, { method, path, headers = {}, body }: RawRequest, seconds: number): Promise<{ rate: number; failed: number }> {
  const head = `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('')}`;
  const request = body === undefined ? Buffer.from(`${head}\r\n`) : Buffer.concat([Buffer.from(`${head}content-length: ${body.length}\r\n\r\n`), body]);
  let failed = 0;
  const deadline = Date.now() + seconds * 1000;
  let answered = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, () =>
      new Promise<void>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(request));
        socket.setNoDelay(true);
        let pending = Buffer.alloc(0);
        socket.on('error', reject);
        socket.on('data', (chunk: Buffer) => {
          pending = Buffer.concat([pending, chunk]);
          for (;;) {
            const end = pending.indexOf('\r\n\r\n');
            if (end === -1) return;
            const length = Number(/content-length:\s*(\d+)/i.exec(pending.subarray(0, end).toString('latin1'))?.[1] ?? 0);
            if (pending.length < end + 4 + length) return;
            if (pending[9] !== 0x32) failed += 1; // "HTTP/1.1 2xx"
            pending = pending.subarray(end + 4 + length);
            answered += 1;
            if (Date.now() >= deadline) {
              socket.destroy();
              resolve();
              return;
            }
            socket.write(request);
          }
        });
      }),
    ),
  );
  return { rate: answered / seconds, failed };
}

function run(base: string, endpoint: Endpoint, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: `${base}${endpoint.path}`,
    method: endpoint.method,
    connections: CONNECTIONS,
    duration: seconds,
    ...(endpoint.headers === undefined ? {} : { headers: endpoint.headers }),
    ...(endpoint.body === undefined ? {} : { body: endpoint.body }),
    ...(endpoint.bodyOf === undefined
      ? {}
      : { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, body: (endpoint.bodyOf as () => string)() }) }] }),
  });
}

await main();
