// `npm run bench:server`: throughput and tail latency of the server's hot paths on loopback,
// measured with autocannon (10 connections; the median of three 10 s runs per endpoint, since
// runs on a shared VM differ by a tenth or more) against the real entry point
// (server/main.ts: one process per core, as it runs by default) on a temporary SQLite
// database, without SMTP: every feedback POST is validated, stored and outboxed exactly as in
// production, and the mail stays in the outbox; so is every newsletter sign-up. The rate
// limits are switched off for the run. Prints req/s and p99 per endpoint beside the targets
// of ARCHITECTURE.md ("Targets"); it reports, it does not fail on a miss.
import { connect } from 'node:net';
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';
import { ensureBuilt, printTable, startBuiltServer } from './support/built-server.ts';
// The same valid submission as the server tests.
import { validContactFields } from '../test/server/helpers/test-forms.ts';
import { contactFormUrl } from '../src/validation/contact-form/index.ts';
import { readPageLinks } from '../server/click-tracking/site-pages.ts';
import { homeFields, urlencoded } from '../test/server/helpers/newsletter-requests.ts';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
/** Runs per endpoint; the median is reported (this VM's runs differ by a tenth or more). */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CONNECTIONS = 10;

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

async function main(): Promise<void> {
  // The server as it runs by default (one process per core, SQLite synchronous=normal);
  // WEB_CONCURRENCY and SQLITE_SYNCHRONOUS in the environment measure the others.
  const processes = Number(process.env.WEB_CONCURRENCY ?? availableParallelism());
  const { base, port, stop } = await startBuiltServer({
    FEEDBACK_RATE_LIMIT: 'off',
    NEWSLETTER_RATE_LIMIT: 'off',
    CLICK_RATE_LIMIT: 'off',
    WEB_CONCURRENCY: String(processes),
    ...(process.env.SQLITE_SYNCHRONOUS === undefined ? {} : { SQLITE_SYNCHRONOUS: process.env.SQLITE_SYNCHRONOUS }),
  });
  try {
    const feedback = await feedbackBody();
    // A real outside link of the home page: the server stores beacons only for the build's links.
    const pageLinks = await readPageLinks('dist/client');
    const home = pageLinks?.pages.find((page) => page.path === '/');
    const outside = home?.links.find((link) => !link.target.startsWith(pageLinks?.origin ?? ''));
    if (home === undefined || outside === undefined) throw new Error('dist/client/page-links.json lists no outside link of the home page: run npm run build');
    const clickBeacon = await multipart({ postID: String(home.postId), location: `${base}/`, anchor: outside.anchor, target: outside.target });
    const userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
    const endpoints: Endpoint[] = [
      {
        name: 'feedback POST (stored + outboxed)',
        method: 'POST',
        path: contactFormUrl(5, 'feedback'),
        headers: { 'content-type': feedback.contentType, 'user-agent': userAgent },
        body: feedback.body,
        target: { requestsPerSecond: 5000, p99Ms: 20 },
      },
      {
        name: 'schema GET',
        method: 'GET',
        path: contactFormUrl(5, 'schema'),
        headers: { 'accept-encoding': 'br, gzip', 'user-agent': userAgent },
        target: { requestsPerSecond: 10_000 },
      },
      {
        name: 'static page GET /',
        method: 'GET',
        path: '/',
        headers: { 'accept-encoding': 'br, gzip', 'user-agent': userAgent },
        target: { requestsPerSecond: 10_000 },
      },
      {
        // What a returning browser does: the HTML is no-cache, so it revalidates by ETag.
        name: 'static page GET / revalidated (304)',
        method: 'GET',
        path: '/',
        headers: { 'accept-encoding': 'br, gzip', 'user-agent': userAgent, 'if-none-match': await etagOf(`${base}/`) },
        target: { requestsPerSecond: 10_000 },
        expectStatus: 304,
      },
      {
        // Every request a new address: validated, stored with its consent record and its
        // confirmation mail in one transaction, as a first sign-up is.
        name: 'newsletter subscribe POST (new subscriber, stored + outboxed)',
        method: 'POST',
        path: '/newsletter/subscribe/',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', 'user-agent': userAgent },
        bodyOf: newsletterBodies(await nonceOf(`${base}/wp-json/site/v1/nonce/sib_subscribe`)),
        target: { requestsPerSecond: 2000 },
      },
      {
        // The same sign-up again: read, found, nothing written.
        name: 'newsletter subscribe POST (repeat: already_exist)',
        method: 'POST',
        path: '/newsletter/subscribe/',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', 'user-agent': userAgent },
        body: Buffer.from(urlencoded(homeFields(await nonceOf(`${base}/wp-json/site/v1/nonce/sib_subscribe`)))),
      },
      {
        // A Track The Click beacon, as sendBeacon posts it: acknowledged once its hit is committed.
        name: 'click beacon POST (hit committed)',
        method: 'POST',
        path: '/wp-json/track-the-click/v3/click/1',
        headers: { 'content-type': clickBeacon.contentType, 'user-agent': userAgent },
        body: clickBeacon.body,
        target: { requestsPerSecond: 15_000 },
      },
      { name: 'healthz GET', method: 'GET', path: '/healthz' },
    ];

    const rows: string[][] = [];
    for (const endpoint of endpoints) {
      // A short warm-up: JIT, connection pools, SQLite page cache.
      await run(base, endpoint, 2);
      const results: autocannon.Result[] = [];
      for (let index = 0; index < RUNS; index += 1) results.push(await run(base, endpoint, DURATION_SECONDS));
      const result = median(results, (each) => each.requests.average);
      const rps = result.requests.average;
      const p99 = result.latency.p99;
      const failedIn = (each: autocannon.Result) => {
        const expected = endpoint.expectStatus === undefined ? undefined : each.statusCodeStats?.[`${endpoint.expectStatus}`]?.count ?? 0;
        return (expected === undefined ? each.non2xx : each.requests.total - expected) + each.errors;
      };
      // Any failed answer in any run counts.
      const failed = results.reduce((total, each) => total + failedIn(each), 0);
      const target = endpoint.target;
      const verdict = target === undefined
        ? '—'
        : rps >= target.requestsPerSecond && (target.p99Ms === undefined || p99 < target.p99Ms)
          ? 'met'
          : 'NOT met';
      rows.push([
        endpoint.name,
        Math.round(rps).toLocaleString('en-ZA'),
        `${p99} ms`,
        String(failed),
        target === undefined ? '—' : `≥ ${target.requestsPerSecond.toLocaleString('en-ZA')} req/s${target.p99Ms === undefined ? '' : `, p99 < ${target.p99Ms} ms`}`,
        verdict,
      ]);
      process.stdout.write(`${endpoint.name}: ${results.map((each) => Math.round(each.requests.average)).join(' / ')} req/s (median ${Math.round(rps)}, p99 ${p99} ms), ${failed} failed\n`);
    }
    // autocannon turns every response body into a string, which costs it more than the server
    // spends sending a 10 KB brotli page, and on two cores its own work takes the CPU the
    // server processes would use: a minimal keep-alive client shows the server's own rate.
    const crossChecks: Array<[string, RawRequest, number]> = [
      ['static page GET / (minimal client, cross-check)', { method: 'GET', path: '/', headers: { 'accept-encoding': 'br, gzip' } }, 10_000],
      ['click beacon POST (minimal client, cross-check)', { method: 'POST', path: '/wp-json/track-the-click/v3/click/1', headers: { 'content-type': clickBeacon.contentType, 'user-agent': userAgent }, body: clickBeacon.body }, 15_000],
    ];
    for (const [name, request, target] of crossChecks) {
      await rawKeepAliveRate(port, request, 2);
      const runs: Array<{ rate: number; failed: number }> = [];
      for (let index = 0; index < RUNS; index += 1) runs.push(await rawKeepAliveRate(port, request, DURATION_SECONDS));
      const raw = { rate: median(runs, (each) => each.rate).rate, failed: runs.reduce((total, each) => total + each.failed, 0) };
      process.stdout.write(`${name}: ${runs.map((each) => Math.round(each.rate)).join(' / ')} req/s (median ${Math.round(raw.rate)}), ${raw.failed} failed\n`);
      rows.push([name, Math.round(raw.rate).toLocaleString('en-ZA'), '—', String(raw.failed), `≥ ${target.toLocaleString('en-ZA')} req/s`, raw.rate >= target && raw.failed === 0 ? 'met' : 'NOT met']);
    }
    printTable(['endpoint', 'req/s', 'p99', 'unexpected/errors', 'target', ''], rows);
    process.stdout.write(
      `\n${CONNECTIONS} connections, median of ${RUNS} runs of ${DURATION_SECONDS} s each, loopback, ${processes} server process${processes === 1 ? '' : 'es'} (WEB_CONCURRENCY), LOG_LEVEL=${process.env.BENCH_LOG_LEVEL ?? 'warn'}, SQLite (synchronous ${process.env.SQLITE_SYNCHRONOUS ?? 'normal'}), no SMTP.\n`,
    );
  } finally {
    await stop();
  }
}

/** The run with the median value (the upper middle one of an even count). */
function median<T>(runs: readonly T[], valueOf: (run: T) => number): T {
  const sorted = [...runs].sort((a, b) => valueOf(a) - valueOf(b));
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function nonceOf(url: string): Promise<string> {
  return ((await (await fetch(url)).json()) as { nonce: string }).nonce;
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
