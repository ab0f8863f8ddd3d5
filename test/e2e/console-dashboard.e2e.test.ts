// The console's home in real Chromium against the real server (README.md "The dashboard"): a
// message, a subscriber and a followed link are in the database; the owner, invited from the
// command line, signs in with Chromium's virtual authenticator and lands on the dashboard with
// its four tiles drawn (Chartist's SVG, the mail picture) and their tables reachable by keyboard
// (each in a labelled region that takes focus); axe finds nothing at 1280 and 375 px, where the
// tiles stand in one column and nothing scrolls sideways. Its own server on
// http://localhost:<port> (WebAuthn refuses IP addresses as relying-party ids).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { launchChromium, screenshotPath, watchProblems } from './support/browser.ts';
import { someActivity } from './support/console-activity.ts';
import { startConsoleServer, type ConsoleServer } from './support/console-server.ts';
import { enrolWithPasskey } from './support/virtual-authenticator.ts';

let browser: Browser;
let server: ConsoleServer;

beforeAll(async () => {
  server = await startConsoleServer('console-dashboard');
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the dashboard in Chromium', () => {
  it('is where the owner lands: four tiles drawn, their tables reachable, one column at 375 px', async () => {
    await someActivity(server.env.DATABASE_URL!);
    const link = await server.invite('owner@lumina.test', 'owner');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await enrolWithPasskey(page, link);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'dashboard' }).innerText(), { timeout: 10_000 }).toBe('The dashboard is up to date.');
    // In words (what failed, what to check), the system's message below it for the developer.
    await expect.poll(() => page.getByText(/^The last backup failed/).innerText(), { timeout: 10_000 }).toMatch(/disk is full.*No backup has succeeded yet\.$/s);
    await page.getByText('ENOSPC: no space left on device, write', { exact: true }).waitFor();

    const main = page.getByRole('main');
    expect(await main.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual(['Needs attention today', 'Messages this week', 'Subscribers', 'The most followed links', 'Mail health']);
    // First, what needs the owner today: today's message, unread and not answered, and mail not set up.
    const attention = main.getByRole('region', { name: 'Needs attention today' });
    await attention.getByRole('link', { name: '1 message to read' }).waitFor({ timeout: 10_000 });
    expect(await attention.getByRole('link', { name: '1 message not answered yet' }).getAttribute('href')).toBe('#/messages?state=unanswered');
    expect(await attention.getByRole('listitem').last().innerText()).toBe('Mail: Mail is not set up: nothing is being sent.');
    // Each tile drawn: Chartist's SVG in the three charts, the mail picture.
    await page.locator('.chart--line svg .ct-line').first().waitFor({ state: 'attached', timeout: 10_000 });
    await page.locator('.chart--bar svg .ct-bar').first().waitFor({ state: 'attached', timeout: 10_000 });
    for (const name of ['Messages this week', 'Subscribers', 'The most followed links', 'Mail health']) {
      expect(await main.getByRole('region', { name, exact: true }).locator('svg').count(), name).toBeGreaterThan(0);
    }
    expect(await page.locator('.chart--line svg .ct-line').count()).toBe(2);
    // This server has no SMTP_URL: the tile says mail is not set up (it said "Mail is going out." before; README.md, "Mail health").
    expect(await page.getByRole('img', { name: 'Mail needs attention' }).count()).toBe(1);
    expect(await main.getByRole('region', { name: 'Mail health', exact: true }).getByText('Mail is not set up: nothing is being sent.').count()).toBe(1);
    // The numbers: today's message, the subscriber, the click.
    expect(await main.getByRole('region', { name: 'Messages this week', exact: true }).locator('dd').first().innerText()).toBe('1');
    expect(await main.getByRole('region', { name: 'Subscribers', exact: true }).locator('dd').first().innerText()).toBe('1');
    const links = page.getByRole('table', { name: /^The most followed links, / });
    expect(await links.getByRole('rowheader').allInnerTexts()).toEqual(['LinkedIn (https://www.linkedin.com/company/lumina)']);
    expect(await main.getByRole('link', { name: 'All messages' }).getAttribute('href')).toBe('#/messages');
    expect(await main.getByRole('link', { name: 'All subscribers' }).getAttribute('href')).toBe('#/subscribers');
    expect(await main.getByRole('link', { name: 'All link clicks' }).getAttribute('href')).toBe('#/clicks');

    // The tables are reachable by keyboard: each scrolling region takes focus in turn.
    const regions = await page.locator('.dashboard-grid [role="region"][tabindex="0"]').count();
    expect(regions).toBeGreaterThanOrEqual(5);
    const focused: string[] = [];
    await page.locator('#console-page-title').focus();
    for (let step = 0; step < 40 && focused.length < regions; step += 1) {
      await page.keyboard.press('Tab');
      const label = await page.evaluate(() => {
        const active = document.activeElement;
        if (active?.getAttribute('role') !== 'region') return null;
        return document.getElementById(active.getAttribute('aria-labelledby') ?? '')?.textContent ?? null;
      });
      if (label !== null) focused.push(label);
    }
    expect(focused).toHaveLength(regions);
    expect(focused).toEqual(expect.arrayContaining(['Mail health', 'New subscribers and unsubscribes per week']));

    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.screenshot({ path: screenshotPath('console-dashboard-1280'), fullPage: true });
    const tiles = () => page.locator('.dashboard-tile').evaluateAll((sections) => sections.map((section) => Math.round(section.getBoundingClientRect().left)));
    expect(new Set(await tiles()).size).toBeGreaterThan(1);

    // At 375 px: one column, nothing scrolls sideways but the tables' own regions.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.locator('.chart--line svg .ct-line').first().waitFor({ state: 'attached' });
    expect(new Set(await tiles()).size).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.screenshot({ path: screenshotPath('console-dashboard-375'), fullPage: true });
    // The one refusal the browser logs is the console's own session check before sign-in (401 by
    // design: README.md, "Refusal codes"); nothing else failed.
    expect(problems.filter((problem) => !problem.includes('status of 401'))).toEqual([]);
    await context.close();
  });
});
