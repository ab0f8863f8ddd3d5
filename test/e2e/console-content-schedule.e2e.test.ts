// Scheduled publishing in real Chromium against the real server and its jobs process (README.md
// "Editing the site", scheduled publishing): the owner changes the hero's heading and, instead of
// publishing, schedules it for the next minute on the company's clock; Site content lists it; a
// second change, scheduled for next week, is cancelled there; at its time the jobs process
// publishes the first (every process of the server serves it) and the list says so. At 375 and
// 1280 px, axe-clean; the screenshots are README's.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryContent } from '../../content/repository-content.ts';
import { axeViolations } from './support/axe.ts';
import { launchChromium, screenshotPath, watchProblems } from './support/browser.ts';
import { startConsoleServer, type ConsoleServer } from './support/console-server.ts';
import { servedByEveryProcess } from './support/served-fresh.ts';
import { enrolWithPasskey } from './support/virtual-authenticator.ts';

const TIME_ZONE = 'Africa/Johannesburg';
const original = repositoryContent().hero.heading;
const scheduled = 'Festive screens, switched on at dawn';

let browser: Browser;
let server: ConsoleServer;

beforeAll(async () => {
  server = await startConsoleServer('console-content-schedule', { SITE_TIMEZONE: TIME_ZONE });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** `at` as the datetime-local field writes it, on the company's clock: `2026-12-07T02:18`. */
function fieldTime(at: number): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).formatToParts(new Date(at)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The start of a minute at least 25 s from now: the field has minutes, and the server takes only a time after its now. */
function nextMinute(): number {
  const minute = 60_000;
  const at = Math.ceil(Date.now() / minute) * minute;
  return at - Date.now() < 25_000 ? at + minute : at;
}

const headingOf = (html: string) => (/<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '').replace(/<[^>]+>/g, '').trim();

async function scheduleHero(page: Page, heading: string, at: number) {
  await page.goto(`${server.baseUrl}/admin/#/content/hero`);
  const field = page.getByLabel('Heading', { exact: true }).first();
  await expect.poll(() => field.inputValue(), { timeout: 10_000 }).not.toBe('');
  await field.fill(heading);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByLabel(/What changed/).fill(`Scheduled: ${heading}`);
  await page.getByLabel('Or publish at').fill(fieldTime(at));
}

describe('scheduled publishing in Chromium', () => {
  it('schedules a heading for the next minute, cancels another, and the jobs process publishes the first at its time', async () => {
    const link = await server.invite('owner@lumina.test', 'owner');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await enrolWithPasskey(page, link);

    // No time given: the error beside the field.
    await scheduleHero(page, 'Never scheduled', Date.now());
    await page.getByLabel('Or publish at').fill('');
    await page.getByRole('button', { name: 'Schedule for that time' }).click();
    await expect.poll(() => page.getByLabel('Or publish at').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('.form-group--error').innerText()).toContain('Choose the date and time it goes live.');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();

    const at = nextMinute();
    await scheduleHero(page, scheduled, at);
    await page.screenshot({ path: screenshotPath('console-content-schedule-1280'), fullPage: false });
    await page.getByRole('button', { name: 'Schedule for that time' }).click();
    await expect.poll(() => page.locator('.content-page__status').innerText(), { timeout: 15_000 }).toMatch(/^Scheduled: this draft goes live on /);
    expect(await axeViolations(page, 'main')).toEqual([]);

    // Another, for next week, then cancelled on Site content.
    await page.getByRole('button', { name: 'Back to the live document' }).click();
    await scheduleHero(page, 'Next week instead', at + 7 * 86_400_000);
    await page.getByRole('button', { name: 'Schedule for that time' }).click();
    await expect.poll(() => page.locator('.content-page__status').innerText(), { timeout: 15_000 }).toMatch(/^Scheduled: /);

    await page.goto(`${server.baseUrl}/admin/#/content`);
    const list = page.getByRole('region', { name: 'Scheduled changes' });
    await expect.poll(() => list.getByRole('button', { name: /^Cancel Home: hero/ }).count(), { timeout: 10_000 }).toBe(2);
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await list.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('console-content-scheduled-375'), fullPage: false });
    await page.setViewportSize({ width: 1280, height: 900 });
    await list.getByRole('button', { name: /^Cancel Home: hero/ }).nth(1).click();
    await list.getByRole('button', { name: 'Cancel the change' }).click();
    await expect.poll(() => list.locator('.content-page__status').innerText(), { timeout: 10_000 }).toMatch(/^Cancelled: Home: hero, which was to go live /);
    expect(await list.getByRole('button', { name: /^Cancel Home: hero/ }).count()).toBe(1);
    expect(await axeViolations(page, 'main')).toEqual([]);

    // Not before its time; then live on every process within a poll of the jobs process (15 s) and a render.
    expect(headingOf((await servedByEveryProcess(`${server.baseUrl}/`, ({ body }) => body))[0]!)).toBe(original);
    await expect
      .poll(() => servedByEveryProcess(`${server.baseUrl}/`, ({ body }) => headingOf(body)), { timeout: Math.max(0, at - Date.now()) + 45_000, interval: 1_000 })
      .toEqual([scheduled, scheduled, scheduled, scheduled]);
    await page.reload();
    await expect.poll(() => list.innerText(), { timeout: 10_000 }).toMatch(/Published .*: see the revisions of Home: hero/);
    await page.screenshot({ path: screenshotPath('console-content-schedule-done-1280'), fullPage: false });
    expect(problems.filter((problem) => !problem.includes('status of 401'))).toEqual([]);
    await context.close();
  }, 240_000);
});
