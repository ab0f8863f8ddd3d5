// `npm run bench:lighthouse`: Lighthouse (mobile, its default simulated slow 4G and CPU) on every
// prerendered route of the built site, served by the real server, in Debian's Chromium
// (CHROME_PATH) with no network beyond loopback. Each route runs LIGHTHOUSE_RUNS times (3) and
// the run with the median performance score is reported: the four scores, LCP, TBT and CLS. The
// home page runs LIGHTHOUSE_HOME_RUNS times (5), and its total blocking time is printed for every
// run. Its target is under HOME_TBT_BUDGET_MS in every run; LIGHTHOUSE_TBT_BUDGET=every holds it
// (and =median the median of the runs). Not yet by default: on this VM single runs still go over
// now and then (README.md, "Measured"). A budget: it fails below 95 for performance or below 100
// for the other three, except that a page asking not to be indexed may have that as its one SEO
// finding (`is-crawlable`), and the not-found page (measured at an unknown path, so with its real
// 404 status, which Lighthouse is told to accept) its status (`http-status-code`). A route whose
// performance median is under the budget runs as many times again, and the median of all decides
// (a loaded host moves one run's score by a few points; the note column says so).
//
// The CPU slowdown follows Lighthouse's own throttling documentation ("Calibrating the CPU
// slowdown"): its default 4× assumes a host whose `benchmarkIndex` is at least 1000 (below that,
// Lighthouse's report warns that the host is slower than it expects, and the same 4× then
// simulates a phone slower than the one the budget is about). The index is read first (three runs
// on a light page, their median) and printed; on a host Lighthouse expects the slowdown is its
// default, on a slower one 4 × index / 1000 (at least 1): the same simulated phone. On this VM the
// index reads about 3,000, so the default holds. LIGHTHOUSE_CPU_SLOWDOWN fixes the slowdown instead.
import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { repositoryContent } from '../content/repository-content.ts';
import { projectPathOf } from '../src/services/projects/project-path.service.ts';
import { ensureBuilt, printTable, startBuiltServer } from './support/built-server.ts';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const HOME_RUNS = Number(process.env.LIGHTHOUSE_HOME_RUNS ?? 5);
const PERFORMANCE_BUDGET = 95;
/** The home page's total blocking time, held per LIGHTHOUSE_TBT_BUDGET: not, in the median, or in every run. */
const HOME_TBT_BUDGET_MS = 50;
const TBT_BUDGET = process.env.LIGHTHOUSE_TBT_BUDGET ?? 'off';
if (!['off', 'median', 'every'].includes(TBT_BUDGET)) throw new Error(`LIGHTHOUSE_TBT_BUDGET must be off, median or every (got "${TBT_BUDGET}")`);
/** Lighthouse's default CPU slowdown, and the least benchmarkIndex it expects of the host (it warns below). */
const DEFAULT_CPU_SLOWDOWN = 4;
const EXPECTED_HOST_BENCHMARK_INDEX = 1000;
const CALIBRATION_RUNS = 3;
const FIXED_CPU_SLOWDOWN = process.env.LIGHTHOUSE_CPU_SLOWDOWN ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN) : undefined;
if (FIXED_CPU_SLOWDOWN !== undefined && !(FIXED_CPU_SLOWDOWN >= 1)) throw new Error(`LIGHTHOUSE_CPU_SLOWDOWN must be a number of at least 1 (got "${process.env.LIGHTHOUSE_CPU_SLOWDOWN}")`);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** The one SEO finding a page that asks not to be indexed is allowed. */
const NOINDEX_AUDIT = 'is-crawlable';
/** The not-found page's: it answers 404, as it must. */
const NOT_FOUND_PATH = '/no-such-page/';
const STATUS_AUDIT = 'http-status-code';
const CONSOLE_AUDIT = 'errors-in-console';

/** The entries of the console audit's table. */
function consoleErrors(details: unknown): Array<{ source?: unknown; sourceLocation?: { url?: unknown } }> {
  if (typeof details !== 'object' || details === null || !('items' in details) || !Array.isArray(details.items)) return [];
  return details.items as Array<{ source?: unknown; sourceLocation?: { url?: unknown } }>;
}

const routes = process.env.LIGHTHOUSE_ROUTES ? process.env.LIGHTHOUSE_ROUTES.split(',') : [
  '/',
  '/thank-you/',
  '/newsletter/confirmed/',
  '/newsletter/unsubscribed/',
  '/newsletter/link-expired/',
  '/privacy/',
  '/accessibility/',
  NOT_FOUND_PATH,
  ...repositoryContent().projects.items.map((project) => projectPathOf(project.id)),
];

/**
 * The browser Lighthouse drives: CHROME_PATH, else Debian's headless shell (the package
 * chromium-headless-shell, which .ci/run installs), else Debian's Chromium. The shell is Chromium
 * without a browser window, as Lighthouse's and Puppeteer's own automation use it. Chromium 156's
 * new headless mode also starts the browser's own omnibox pop-up (a WebUI page in a renderer of
 * its own), which took more processor time during a page load than the page itself (2.2 s
 * against 1.4 s in a trace on this two-core VM): measured on the full browser, the home page lost
 * 5 to 10 points to work that was not the site's.
 */
const LIGHTHOUSE_CHROME =
  process.env.CHROME_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((candidate) => existsSync(candidate)) ?? '/usr/bin/chromium';

/** chrome-launcher's own flags, with the omnibox pop-up's features added to its one --disable-features (Chromium reads only the last). */
function chromeFlags(): string[] {
  const browserUi = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];
  const defaults = chromeLauncher.Launcher.defaultFlags();
  const disabled = defaults.filter((flag) => flag.startsWith('--disable-features=')).flatMap((flag) => flag.slice('--disable-features='.length).split(','));
  return [
    ...defaults.filter((flag) => !flag.startsWith('--disable-features=')),
    `--disable-features=${[...disabled, ...browserUi].join(',')}`,
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
  ];
}

interface Measured {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** SEO audits that failed. */
  seoFindings: string[];
  /** Accessibility and best-practices audits that failed (what to look at when under 100). */
  otherFindings: string[];
  /** The console's only errors are the browser's note of the page's own status (a 404 page's). */
  onlyOwnStatusLogged: boolean;
  error: string | undefined;
  /** Lighthouse's measure of the host's processor in this run. */
  benchmarkIndex: number;
}

/** The slowdown that has a host of this benchmarkIndex simulate the phone Lighthouse's default does on a host it expects. */
function calibratedCpuSlowdown(benchmarkIndex: number): number {
  const scaled = (DEFAULT_CPU_SLOWDOWN * benchmarkIndex) / EXPECTED_HOST_BENCHMARK_INDEX;
  return Math.round(Math.min(DEFAULT_CPU_SLOWDOWN, Math.max(1, scaled)) * 100) / 100;
}

const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(url: string, port: number, notFound: boolean, cpuSlowdownMultiplier: number): Promise<Measured> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    ignoreStatusCode: notFound,
    throttling: { cpuSlowdownMultiplier },
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  const score = (category: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const numeric = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
  const failing = (category: (typeof CATEGORIES)[number]) =>
    (lhr.categories[category]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id);
  return {
    scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo') },
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    seoFindings: failing('seo'),
    otherFindings: [...failing('accessibility'), ...failing('best-practices')],
    onlyOwnStatusLogged: consoleErrors(lhr.audits[CONSOLE_AUDIT]?.details).every((item) => item.source === 'network' && item.sourceLocation?.url === url),
    error: lhr.runtimeError?.message,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** What keeps a route under its budget; empty when it meets it. */
function misses(run: Measured, notFound: boolean): string[] {
  if (run.error) return [run.error];
  const found: string[] = [];
  if (run.scores.performance < PERFORMANCE_BUDGET) found.push(`performance ${run.scores.performance} < ${PERFORMANCE_BUDGET}`);
  // The browser logs a 404 page's own status; that is the page doing its job.
  const allowed = (id: string) => notFound && id === CONSOLE_AUDIT && run.onlyOwnStatusLogged;
  const other = run.otherFindings.filter((id) => !allowed(id));
  if (other.length > 0) found.push(`accessibility / best practices: ${other.join(', ')}`);
  const seoOther = run.seoFindings.filter((id) => id !== NOINDEX_AUDIT && !(notFound && id === STATUS_AUDIT));
  if (seoOther.length > 0) found.push(`seo: ${seoOther.join(', ')}`);
  return found;
}

async function main(): Promise<void> {
  ensureBuilt();
  const server = await startBuiltServer();
  const chrome = await chromeLauncher.launch({ chromePath: LIGHTHOUSE_CHROME, ignoreDefaultFlags: true, chromeFlags: chromeFlags() });
  const rows: string[][] = [];
  const failures: string[] = [];
  const homeBlocking: number[] = [];
  let cpuSlowdown = FIXED_CPU_SLOWDOWN ?? DEFAULT_CPU_SLOWDOWN;
  let calibration = 'as LIGHTHOUSE_CPU_SLOWDOWN says';
  try {
    if (FIXED_CPU_SLOWDOWN === undefined) {
      // The host's index, read on a light page; these runs also warm the server and the browser.
      const indexes: number[] = [];
      for (let run = 0; run < CALIBRATION_RUNS; run += 1) {
        indexes.push(Math.round((await measure(`${server.base}/privacy/`, chrome.port, false, DEFAULT_CPU_SLOWDOWN)).benchmarkIndex));
      }
      cpuSlowdown = calibratedCpuSlowdown(medianOf(indexes));
      calibration = `host benchmarkIndex ${medianOf(indexes)} (median of ${indexes.join(', ')}; Lighthouse expects at least ${EXPECTED_HOST_BENCHMARK_INDEX})`;
    }
    for (const route of routes) {
      const notFound = route === NOT_FOUND_PATH;
      const home = route === '/';
      const runs: Measured[] = [];
      const planned = home ? HOME_RUNS : RUNS;
      const measureRuns = async (count: number) => {
        for (let run = 0; run < count; run += 1) runs.push(await measure(`${server.base}${route}`, chrome.port, notFound, cpuSlowdown));
      };
      const medianRun = () => [...runs].sort((a, b) => a.scores.performance - b.scores.performance)[Math.floor(runs.length / 2)]!;
      await measureRuns(planned);
      // A performance median under the budget is measured once more as many times, and the
      // median of all the runs decides: the score of one run moves by a few points with the
      // host's load (a shared CI machine), and twice the runs halve the chance that noise alone
      // decides. A page truly under the budget stays under it; the note says it was re-measured.
      const remeasured = medianRun().scores.performance < PERFORMANCE_BUDGET;
      if (remeasured) await measureRuns(planned);
      const median = medianRun();
      const missed = misses(median, notFound);
      if (home) {
        const blocking = runs.map((run) => Math.round(run.tbtMs));
        homeBlocking.push(...blocking);
        const over = blocking.filter((ms) => !(ms < HOME_TBT_BUDGET_MS));
        const median = [...blocking].sort((a, b) => a - b)[Math.floor(blocking.length / 2)]!;
        if (TBT_BUDGET === 'median' && !(median < HOME_TBT_BUDGET_MS)) missed.push(`median total blocking time ${median} ms ≥ ${HOME_TBT_BUDGET_MS} ms`);
        if (TBT_BUDGET === 'every' && over.length > 0) missed.push(`total blocking time ${over.map((ms) => `${ms} ms`).join(', ')} ≥ ${HOME_TBT_BUDGET_MS} ms in ${over.length} of ${runs.length} runs`);
      }
      if (missed.length > 0) failures.push(`${route}: ${missed.join('; ')}`);
      rows.push([
        route,
        ...CATEGORIES.map((category) => String(median.scores[category])),
        `${(median.lcpMs / 1000).toFixed(2)} s`,
        `${Math.round(median.tbtMs)} ms`,
        median.cls.toFixed(3),
        [median.seoFindings.includes(NOINDEX_AUDIT) ? 'noindex' : '', notFound ? '404' : '', remeasured ? `re-measured: median of ${runs.length} (${runs.map((run) => run.scores.performance).join(', ')})` : ''].filter(Boolean).join(', '),
        missed.length > 0 ? 'OVER BUDGET' : 'ok',
      ]);
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
  printTable(['route', 'perf', 'a11y', 'best', 'seo', 'LCP', 'TBT', 'CLS', 'note', ''], rows);
  if (homeBlocking.length > 0) {
    process.stdout.write(`\nHome page total blocking time, each run: ${homeBlocking.map((ms) => `${ms} ms`).join(', ')} (target: < ${HOME_TBT_BUDGET_MS} ms in every run, over in ${homeBlocking.filter((ms) => !(ms < HOME_TBT_BUDGET_MS)).length} of ${homeBlocking.length}; held: ${TBT_BUDGET})\n`);
  }
  process.stdout.write(
    `\nLighthouse mobile (simulated slow 4G, ${cpuSlowdown}× CPU: ${calibration}) in ${LIGHTHOUSE_CHROME}, median of ${RUNS} by performance (the home page: of ${HOME_RUNS}); budget: performance ≥ ${PERFORMANCE_BUDGET}, the rest 100.\n`,
  );
  if (failures.length > 0) {
    process.stdout.write(`\nOver budget:\n${failures.map((failure) => `  ${failure}`).join('\n')}\n`);
    process.exitCode = 1;
  }
}

await main();
