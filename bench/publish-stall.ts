// `npm run bench:publish-stall`: the publish storm of issue 40, part 4 against a real server
// process (server/main.ts on plain Node, one process, the built site and its SSR bundle): 20
// rounds of a publish of the hero and a preview of it (the POST and the frame's page), one after
// the other, while /healthz and the home page are each asked for every 20 ms whether or not the
// last answer came. Its budget (README.md, "Abuse paths and the limits that stop them"): /healthz's
// p99 under 200 ms through the whole loop, every publish and preview answered 200. The renders
// run in a worker thread (server/site-render/worker-renderer.ts); the test suite checks that
// they do (test/server/content-editor/render-off-main-thread.test.ts), this measures what the
// event loop is left with. The limits per person stay at their defaults (20 publishes and 20
// previews are within them). On SQLite; on PostgreSQL too when BENCH_DATABASE_URL names a
// test database.
import { spawnSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { repositoryContent } from '../content/repository-content.ts';
import { CONSOLE_API } from '../src/validation/console/console-api.ts';
import { startOwnerServer } from './support/owner-server.ts';
import { ensureBuilt, printTable, STATIC_ROOT } from './support/built-server.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const BUDGET_P99_MS = 200;
/** How often /healthz and the home page are each asked for during the loop. */
const PROBE_EVERY_MS = 20;
/** How long the probes run before the loop, with nothing rendering. */
const IDLE_MS = 10_000;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const ms = (value: number) => `${Math.round(value)} ms`;

async function benchOn(label: string): Promise<boolean> {
  const owner = await startOwnerServer('publish-stall', STATIC_ROOT);
  const { origin, cookie } = owner;
  const headers = { cookie, origin, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' };
  const console = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const started = performance.now();
    const response = await fetch(url.startsWith(CONSOLE_API) ? `${origin}${url}` : `${origin}${CONSOLE_API}${url}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
    return { ms: performance.now() - started, text };
  };

  // Asks for `url` every PROBE_EVERY_MS whether or not the last answer came (an open loop, as
  // a load balancer and visitors do: a stall delays every request that arrives during it, and
  // each counts), until stopped: each answer's time.
  const probe = (url: string) => {
    const times: number[] = [];
    const inFlight = new Set<Promise<void>>();
    const timer = setInterval(() => {
      const started = performance.now();
      const request: Promise<void> = fetch(`${origin}${url}`)
        .then((response) => response.arrayBuffer())
        .then(() => {
          times.push(performance.now() - started);
        })
        .finally(() => inFlight.delete(request));
      inFlight.add(request);
    }, PROBE_EVERY_MS);
    return {
      times,
      stop: async () => {
        clearInterval(timer);
        await Promise.all(inFlight);
      },
    };
  };

  try {
    const hero = repositoryContent().hero;
    // A first publish and preview: the worker and the bundle are loaded before anything is measured.
    let revision = Number(JSON.parse((await console('POST', '/content/hero/publish', { baseRevision: 0, document: { ...hero, heading: 'Warm-up' }, note: '' })).text).revision);
    await console('GET', JSON.parse((await console('POST', '/content/hero/preview', { document: { ...hero, heading: 'Warm-up preview' } })).text).url as string);

    // The same probes with nothing else asked first: what this machine gives when nothing renders.
    const loadBefore = loadavg().map((value) => value.toFixed(1)).join(' ');
    const idleHealth = probe('/healthz');
    const idleHome = probe('/');
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    await Promise.all([idleHealth.stop(), idleHome.stop()]);

    const health = probe('/healthz');
    const home = probe('/');
    const publishes: number[] = [];
    const previews: number[] = [];
    const started = performance.now();
    for (let round = 1; round <= ROUNDS; round += 1) {
      const published = await console('POST', '/content/hero/publish', { baseRevision: revision, document: { ...hero, heading: `Round ${round}` }, note: '' });
      publishes.push(published.ms);
      revision = Number(JSON.parse(published.text).revision);
      const made = await console('POST', '/content/hero/preview', { document: { ...hero, heading: `Preview ${round}` } });
      const frame = await console('GET', JSON.parse(made.text).url as string);
      if (!frame.text.includes(`Preview ${round}`)) throw new Error('the preview page does not show the draft');
      previews.push(made.ms + frame.ms);
    }
    const loopSeconds = (performance.now() - started) / 1000;
    await Promise.all([health.stop(), home.stop()]);
    if (!(await (await fetch(`${origin}/`)).text()).includes(`Round ${ROUNDS}`)) throw new Error('the last publish is not served');

    const p99 = percentile(health.times, 99);
    process.stdout.write(`\nload average before and after: ${loadBefore} → ${loadavg().map((value) => value.toFixed(1)).join(' ')} (${availableParallelism()} cores)\n`);
    const met = p99 < BUDGET_P99_MS;
    process.stdout.write(`\n${label}: ${ROUNDS} publishes and ${ROUNDS} previews in ${loopSeconds.toFixed(1)} s, one server process\n`);
    printTable(
      ['requests', 'count', 'p50', 'p99', 'max'],
      [
        ['GET /healthz (idle, before the loop)', String(idleHealth.times.length), ms(percentile(idleHealth.times, 50)), ms(percentile(idleHealth.times, 99)), ms(Math.max(...idleHealth.times))],
        ['GET / (idle, before the loop)', String(idleHome.times.length), ms(percentile(idleHome.times, 50)), ms(percentile(idleHome.times, 99)), ms(Math.max(...idleHome.times))],
        ['GET /healthz (during the loop)', String(health.times.length), ms(percentile(health.times, 50)), ms(p99), ms(Math.max(...health.times))],
        ['GET / (during the loop)', String(home.times.length), ms(percentile(home.times, 50)), ms(percentile(home.times, 99)), ms(Math.max(...home.times))],
        ['publish (until served)', String(publishes.length), ms(percentile(publishes, 50)), ms(percentile(publishes, 99)), ms(Math.max(...publishes))],
        ['preview (POST + page)', String(previews.length), ms(percentile(previews, 50)), ms(percentile(previews, 99)), ms(Math.max(...previews))],
      ],
    );
    process.stdout.write(`budget: /healthz p99 < ${BUDGET_P99_MS} ms: ${met ? 'met' : 'MISSED'}\n`);
    return met;
  } finally {
    await owner.stop();
  }
}

async function main(): Promise<number> {
  ensureBuilt();
  delete process.env.TEST_DATABASE_URL;
  let ok = await benchOn('SQLite');
  const postgres = process.env.BENCH_DATABASE_URL?.trim();
  if (postgres) {
    // A fresh process: the database helper reads TEST_DATABASE_URL when first imported.
    const child = spawnSync(process.execPath, [...process.execArgv, new URL(import.meta.url).pathname, '--postgres'], { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: postgres, BENCH_DATABASE_URL: '' } });
    ok = ok && child.status === 0;
  }
  return ok ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) process.exitCode = process.argv.includes('--postgres') ? ((await benchOn('PostgreSQL')) ? 0 : 1) : await main();
