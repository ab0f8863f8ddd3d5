// The clicks page in real Chromium against the real server (README.md "Click tracking"): a
// visitor follows links on the public home page (the menu's Projects, the LinkedIn link); the
// owner, invited from the command line, signs in with Chromium's virtual authenticator, opens
// Link clicks and sees those clicks in both charts (Chartist's SVG drawn) and in the tables;
// switches to the last 90 days and to two dates (a range the wrong way round is refused beside
// its field), downloads the CSV; axe finds nothing at 1280 and 375 px, and nothing scrolls
// sideways at 375 px. Chartist is not loaded by the console's first screen. Its own server on
// http://localhost:<port> (WebAuthn refuses IP addresses as relying-party ids).
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { launchChromium, screenshotPath, watchProblems } from './support/browser.ts';
import { startConsoleServer, type ConsoleServer } from './support/console-server.ts';
import { enrolWithPasskey } from './support/virtual-authenticator.ts';

let browser: Browser;
let server: ConsoleServer;
let baseUrl: string;

beforeAll(async () => {
  server = await startConsoleServer('console-clicks');
  baseUrl = server.baseUrl;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A visitor follows the menu's Projects link and the LinkedIn link on the home page; each beacon is stored before its answer. */
async function visitorClicks(): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.route('https://www.linkedin.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>LinkedIn</title>' }));
  const page = await context.newPage();
  await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('click-tracking')));
  const stored = () => page.context().waitForEvent('response', { predicate: (response) => /\/track-the-click\/v3\/click\/\d+$/.test(response.url()) && response.status() === 200, timeout: 10_000 });
  await Promise.all([stored(), page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Projects', exact: true }).click()]);
  const social = page.locator('.social-links__link[href*="linkedin"]').first();
  await social.scrollIntoViewIfNeeded();
  const [, popup] = await Promise.all([stored(), context.waitForEvent('page'), social.click()]);
  await popup.close();
  await context.close();
}

/** Today on the company's clock (SITE_TIMEZONE's default). */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** Chartist's SVG: a line over `days` days (a point per day up to 31 days), and one bar per link. */
async function expectChartsDrawn(page: Page, days: number) {
  await page.locator('.chart--line svg .ct-series .ct-line').waitFor({ state: 'attached', timeout: 10_000 });
  // The line's path has a segment per day after the first.
  const segments = await page.locator('.chart--line svg .ct-line').evaluate((path) => (path.getAttribute('d') ?? '').match(/[LC]/g)?.length ?? 0);
  expect(segments).toBe(days - 1);
  if (days <= 31) expect(await page.locator('.chart--line svg .ct-point').count()).toBe(days);
  // A horizontal bar is an SVG line: no height for Playwright's visibility, so its length is checked.
  await page.locator('.chart--bar svg .ct-series .ct-bar').first().waitFor({ state: 'attached' });
  const bars = await page.locator('.chart--bar svg .ct-bar').evaluateAll((lines) => lines.map((line) => Number(line.getAttribute('x2')) - Number(line.getAttribute('x1'))));
  expect(bars).toHaveLength(2);
  for (const length of bars) expect(length).toBeGreaterThan(10);
  expect(await page.getByRole('img', { name: /^Clicks per day, / }).count()).toBe(1);
  expect(await page.getByRole('img', { name: /^The most followed links, / }).count()).toBe(1);
}

describe('the clicks page in Chromium', () => {
  it('shows a visitor\'s clicks in both charts and the tables, switches range, refuses a wrong one, downloads the CSV', async () => {
    await visitorClicks();
    const link = await server.invite('owner@lumina.test', 'owner');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true, acceptDownloads: true });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await enrolWithPasskey(page, link);
    // The console's first screen has not loaded Chartist: only a page with a chart does.
    // The dashboard draws charts of its own once its numbers arrive, so both are read in one
    // step: Chartist may have loaded only where a chart is on the page.
    const chartistLoaded = () => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /chartist/i.test(entry.name)));
    const firstScreen = await page.evaluate(() => ({
      charts: document.querySelectorAll('.chart').length,
      chartist: performance.getEntriesByType('resource').some((entry) => /chartist/i.test(entry.name)),
    }));
    if (firstScreen.charts === 0) expect(firstScreen.chartist).toBe(false);

    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Link clicks' }).click();
    await page.getByRole('heading', { level: 1, name: 'Link clicks' }).waitFor();
    await expect.poll(() => page.getByRole('status').innerText(), { timeout: 10_000 }).toMatch(/^2 clicks from /);
    await expectChartsDrawn(page, 30);
    expect(await chartistLoaded()).toBe(true);
    expect(await page.getByRole('link', { name: 'Last 30 days' }).getAttribute('aria-current')).toBe('page');
    // The numbers as tables: the top links, and the home page's links with their anchors.
    const top = page.getByRole('table', { name: /^The most followed links, / });
    expect(await top.getByRole('rowheader').allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('linkedin.com'), expect.stringMatching(/^Projects \(/)]));
    const home = page.getByRole('region', { name: new RegExp(`^${baseUrl.replaceAll('.', '\\.')}/ \\(2 clicks\\)`) }).getByRole('table');
    expect(await home.getByRole('rowheader').allInnerTexts()).toEqual(expect.arrayContaining(['Projects']));
    expect(await home.locator('tbody tr').count()).toBe(2);
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.screenshot({ path: screenshotPath('console-clicks-1280'), fullPage: true });

    // At 375 px: nothing scrolls sideways but the tables' own regions; the drawing fits.
    await page.setViewportSize({ width: 375, height: 800 });
    await expectChartsDrawn(page, 30);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    expect(await page.locator('.chart--line svg').evaluate((svg) => svg.getBoundingClientRect().width)).toBeLessThanOrEqual(375);
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.screenshot({ path: screenshotPath('console-clicks-375'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The last 90 days: in the address, the link marked, the clicks still there.
    await page.getByRole('link', { name: 'Last 90 days' }).click();
    await page.waitForURL(/#\/clicks\?days=90$/);
    await expect.poll(() => page.getByRole('link', { name: 'Last 90 days' }).getAttribute('aria-current')).toBe('page');
    await expect.poll(() => page.getByRole('table', { name: /^Clicks per day, the last 90 days/ }).locator('tbody tr').count()).toBe(90);
    await expectChartsDrawn(page, 90);

    // Two dates the wrong way round: said beside the field, nothing loaded; then the right way.
    const day = today();
    await page.getByLabel('First day').fill(day);
    await page.getByLabel('Last day').fill('2020-01-01');
    await page.getByRole('button', { name: 'Show these days' }).click();
    await page.getByText('Error: The last day is before the first day.').waitFor();
    await expect.poll(() => page.getByRole('status').innerText()).toBe('Correct the range to see the clicks.');
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.screenshot({ path: screenshotPath('console-clicks-range-error-1280') });
    await page.getByLabel('Last day').fill(day);
    await page.getByRole('button', { name: 'Show these days' }).click();
    await page.waitForURL(new RegExp(`#/clicks\\?from=${day}&to=${day}$`));
    await expect.poll(() => page.getByRole('status').innerText()).toMatch(/^2 clicks from /);
    await expectChartsDrawn(page, 1);

    // The CSV of the range: a download with a BOM, both links in it.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /Export CSV/ }).click()]);
    expect(download.suggestedFilename()).toBe(`clicks-${day}-to-${day}.csv`);
    const csv = await readFile((await download.path())!);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('\uFEFFpage,target,anchor,clicks,first,last');
    expect(lines.slice(1).map((line) => line.split(',')[2])).toEqual(expect.arrayContaining(['Projects']));
    expect(lines).toHaveLength(3);
    // The one refusal the browser logs is the console's own session check before sign-in (401 by
    // design: README.md, "Refusal codes"); nothing else failed.
    expect(problems.filter((problem) => !problem.includes('status of 401'))).toEqual([]);
    await context.close();
  });
});
