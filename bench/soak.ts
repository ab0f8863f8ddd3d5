// `npm run bench:soak`: the site under a steady mixed load for a long time (README, "Measured",
// the soak): SOAK_RATE requests a second (default 500) for SOAK_MINUTES (default 30) against
// the real entry point as it runs by default (server/main.ts on plain Node, one process per core,
// SQLite), with the rate limits off (every request comes from one loopback address). The mix:
// pages, the contact form's schema, contact messages (stored and outboxed), newsletter sign-ups
// (a new address each), click beacons and health checks. Every minute it prints the rate, p50,
// p99 and errors, and each process's resident memory. At the end: memory growth of every process
// from the end of warm-up (SOAK_WARMUP_MINUTES, default 5) to the end (target under 10 %), the
// errors (target 0), and p99 per five minutes (steady). It reports, it does not fail on a miss.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { ensureBuilt, printTable, startBuiltServer } from './support/built-server.ts';
import { validContactFields } from '../test/server/helpers/test-forms.ts';
import { homeFields, urlencoded } from '../test/server/helpers/newsletter-requests.ts';
import { contactFormUrl } from '../src/validation/contact-form/index.ts';
import { readPageLinks } from '../server/click-tracking/site-pages.ts';
import { multipartOf } from '../test/ops/support/http-client.ts';

const RATE = Number(process.env.SOAK_RATE ?? 500);
const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const WARMUP_MINUTES = Number(process.env.SOAK_WARMUP_MINUTES ?? Math.min(5, Math.max(1, Math.floor(MINUTES / 6))));
const TICK_MS = 10;
/** Requests waiting for an answer beyond which a due request is not sent but counted as an error: a server that has fallen behind is a failed soak, not a queue the client grows without end. */
const MAX_IN_FLIGHT = 256;
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

interface Request {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: () => Buffer;
  /** Whether an answer is the right one (status and, where it matters, the body). */
  ok: (status: number, body: string) => boolean;
}

interface Minute {
  latencies: number[];
  errors: Map<string, number>;
  memory: Map<number, number>;
}

/** Resident memory (KiB) of the server's processes: the supervisor and its children. */
function residentMemory(rootPid: number): Map<number, number> {
  const pids = [rootPid];
  try {
    pids.push(...execFileSync('ps', ['--ppid', String(rootPid), '-o', 'pid='], { encoding: 'utf8' }).split('\n').map((line) => Number(line.trim())).filter((pid) => pid > 0));
  } catch {
    // no children: a single process
  }
  const memory = new Map<number, number>();
  for (const pid of pids) {
    try {
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      if (rss !== undefined) memory.set(pid, Number(rss));
    } catch {
      // the process ended between the two reads
    }
  }
  return memory;
}

function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

async function main(): Promise<void> {
  ensureBuilt();
  const server = await startBuiltServer({ FEEDBACK_RATE_LIMIT: 'off', NEWSLETTER_RATE_LIMIT: 'off', CLICK_RATE_LIMIT: 'off', NEWSLETTER_DOMAIN_MAIL_LIMIT: 'off' });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  try {
    // The nonce is paired with the cookie its answer sets, as a browser keeps it.
    const nonceAnswer = await fetch(`${server.base}/wp-json/site/v1/nonce/sib_subscribe`);
    const nonce = ((await nonceAnswer.json()) as { nonce: string }).nonce;
    const cookie = nonceAnswer.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    const pageLinks = await readPageLinks('dist/client');
    const home = pageLinks?.pages.find((page) => page.path === '/');
    const outside = home?.links.find((link) => !link.target.startsWith(pageLinks?.origin ?? ''));
    if (home === undefined || outside === undefined) throw new Error('dist/client/page-links.json lists no outside link of the home page: run npm run build');
    const beacon = await multipartOf({ postID: String(home.postId), location: `${server.base}/`, anchor: outside.anchor, target: outside.target });
    let sequence = 0;
    const message = await multipartOf(validContactFields({ 'your-message': 'We need a 4 x 2 m LED wall for our Sandton store by March. Please send a quote.' }), { field: 'your-file', name: '', type: '', bytes: Buffer.alloc(0) });
    const json = (status: number, body: string, key: string, value: string) => status === 200 && (JSON.parse(body) as Record<string, unknown>)[key] === value;
    const weighted: Array<[number, Request]> = [
      [40, { name: 'page', method: 'GET', path: '/', headers: { 'accept-encoding': 'br, gzip' }, ok: (status) => status === 200 }],
      [10, { name: 'schema', method: 'GET', path: contactFormUrl(5, 'schema'), headers: { 'accept-encoding': 'br, gzip' }, ok: (status) => status === 200 }],
      [10, { name: 'message', method: 'POST', path: contactFormUrl(5, 'feedback'), headers: { 'content-type': message.contentType }, body: () => message.body, ok: (status, body) => json(status, body, 'status', 'mail_sent') }],
      [
        5,
        {
          name: 'sign-up',
          method: 'POST',
          path: '/newsletter/subscribe/',
          headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', cookie },
          body: () => Buffer.from(urlencoded(homeFields(nonce, { email: `soak-${process.pid}-${(sequence += 1)}@example.co.za` }))),
          ok: (status, body) => json(status, body, 'status', 'success'),
        },
      ],
      [30, { name: 'beacon', method: 'POST', path: '/wp-json/track-the-click/v3/click/1', headers: { 'content-type': beacon.contentType }, body: () => beacon.body, ok: (status, body) => status === 200 && body === 'true' }],
      [5, { name: 'healthz', method: 'GET', path: '/healthz', headers: {}, ok: (status) => status === 200 }],
    ];
    const wheel = weighted.flatMap(([weight, request]) => Array<Request>(weight).fill(request));

    const minutes: Minute[] = [];
    const newMinute = (): Minute => ({ latencies: [], errors: new Map(), memory: new Map() });
    let current = newMinute();
    let sent = 0;
    let inFlight = 0;
    let resent = 0;
    const fire = (request: Request, retried = false) => {
      const started = performance.now();
      inFlight += 1;
      const body = request.body?.();
      // Counted in the minute the answer came, so a slow minute shows as slow, not as empty.
      const fail = (why: string) => {
        inFlight -= 1;
        current.errors.set(why, (current.errors.get(why) ?? 0) + 1);
      };
      const outgoing = http.request(
        { host: '127.0.0.1', port: server.port, method: request.method, path: request.path, agent, headers: { 'user-agent': USER_AGENT, ...request.headers, ...(body === undefined ? {} : { 'content-length': String(body.length) }) } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const text = request.name === 'page' ? '' : Buffer.concat(chunks).toString('utf8');
            if (!request.ok(response.statusCode ?? 0, text)) return fail(`${request.name} ${response.statusCode}`);
            inFlight -= 1;
            current.latencies.push(performance.now() - started);
          });
        },
      );
      outgoing.setTimeout(30_000, () => outgoing.destroy(new Error('timeout')));
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        // HTTP/1.1's own race: the server closed a kept connection as idle just as it was reused.
        // Nothing was read, so a browser sends it again, and so does this client, once (counted).
        if (outgoing.reusedSocket && error.code === 'ECONNRESET' && !retried) {
          inFlight -= 1;
          resent += 1;
          fire(request, true);
          return;
        }
        fail(`${request.name} ${error.message}`);
      });
      outgoing.end(body);
    };

    const startedAt = performance.now();
    const end = startedAt + MINUTES * 60_000;
    const perTick = (RATE * TICK_MS) / 1000;
    let owed = 0;
    const ticker = setInterval(() => {
      // A steady rate: what the clock says is due, whatever the previous tick managed.
      const due = Math.floor(((performance.now() - startedAt) * RATE) / 1000);
      owed = due - sent;
      for (let index = 0; index < Math.min(owed, perTick * 10); index += 1) {
        const request = wheel[sent % wheel.length] as Request;
        sent += 1;
        if (inFlight >= MAX_IN_FLIGHT) {
          const why = `${request.name} not sent: ${MAX_IN_FLIGHT} requests already waiting`;
          current.errors.set(why, (current.errors.get(why) ?? 0) + 1);
          continue;
        }
        fire(request);
      }
    }, TICK_MS);
    process.stdout.write(`soak: ${RATE} req/s for ${MINUTES} min (warm-up ${WARMUP_MINUTES} min), server pid ${server.pid}\n`);
    await new Promise<void>((resolve) => {
      const minuteTimer = setInterval(() => {
        current.memory = residentMemory(server.pid);
        minutes.push(current);
        const minute = current;
        current = newMinute();
        const errors = [...minute.errors.values()].reduce((a, b) => a + b, 0);
        const memory = [...minute.memory.values()].map((kib) => `${Math.round(kib / 1024)}`).join('/');
        process.stdout.write(
          `minute ${minutes.length}: ${Math.round(minute.latencies.length / 60)} ok/s, p50 ${percentile(minute.latencies, 0.5).toFixed(1)} ms, p99 ${percentile(minute.latencies, 0.99).toFixed(1)} ms, ${errors} errors${errors > 0 ? ` (${[...minute.errors].map(([why, count]) => `${why} ×${count}`).join(', ')})` : ''}, RSS MiB ${memory}, in flight ${inFlight}\n`,
        );
        if (performance.now() >= end) {
          clearInterval(minuteTimer);
          resolve();
        }
      }, 60_000);
    });
    clearInterval(ticker);
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    const afterWarmUp = minutes[WARMUP_MINUTES - 1]?.memory ?? new Map<number, number>();
    const last = minutes.at(-1)?.memory ?? new Map<number, number>();
    const rows: string[][] = [];
    for (const [pid, startKib] of afterWarmUp) {
      const endKib = last.get(pid);
      if (endKib === undefined) {
        rows.push([`process ${pid}`, `${Math.round(startKib / 1024)} MiB`, 'gone', '—', 'NOT met (the process ended)']);
        continue;
      }
      const growth = (endKib - startKib) / startKib;
      rows.push([`process ${pid}${pid === server.pid ? ' (supervisor)' : ''}`, `${Math.round(startKib / 1024)} MiB`, `${Math.round(endKib / 1024)} MiB`, `${(growth * 100).toFixed(1)} %`, growth < 0.1 ? 'met (< 10 %)' : 'NOT met (< 10 %)']);
    }
    printTable(['memory after warm-up → end', 'after warm-up', 'end', 'growth', ''], rows);
    const windows: string[][] = [];
    for (let first = 0; first < minutes.length; first += 5) {
      const slice = minutes.slice(first, first + 5);
      const latencies = slice.flatMap((minute) => minute.latencies);
      const errors = slice.reduce((total, minute) => total + [...minute.errors.values()].reduce((a, b) => a + b, 0), 0);
      windows.push([`${first + 1}–${first + slice.length}`, String(Math.round(latencies.length / (slice.length * 60))), `${percentile(latencies, 0.5).toFixed(1)} ms`, `${percentile(latencies, 0.99).toFixed(1)} ms`, String(errors)]);
    }
    printTable(['minutes', 'ok/s', 'p50', 'p99', 'errors'], windows);
    const totalErrors = minutes.reduce((total, minute) => total + [...minute.errors.values()].reduce((a, b) => a + b, 0), 0);
    process.stdout.write(`\n${sent.toLocaleString('en-ZA')} requests sent, ${resent} sent again after a kept connection closed as it was reused, ${totalErrors} errors (target 0); ${RATE} req/s target rate; loopback, default cluster, SQLite, rate limits off.\n`);
  } finally {
    agent.destroy();
    await server.stop();
  }
}

await main();
