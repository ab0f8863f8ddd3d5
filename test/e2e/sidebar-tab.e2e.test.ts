// The sidebar's "Contact us" tab (`label_vis: scroll`, the site's setting) for a visitor who has
// scrolled before the application took over: it shows as soon as the application runs, with no
// further scroll. The application's chunk (the one main.tsx imports after the first screen) is
// held back while the visitor turns the wheel on the prerendered page, then let through; and a
// visitor arriving at /#contact lands half-way down the page before anything runs.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sidebarContact } from '../support/site-content.ts';
import { launchChromium, screenshotPath, watchProblems } from './support/browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  // What these tests are about: the tab waits for a scroll only with this setting.
  expect(sidebarContact.options.label_vis).toBe('scroll');
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const APPLICATION_CHUNK = '**/assets/hydrate-*.js';
/** Long enough for the application and the sidebar's chunk to load and start on a busy machine. */
const TAB_TIMEOUT_MS = 10_000;

/** The window's scroll offset once it has stopped moving (a wheel turn scrolls smoothly). */
async function settledScrollY(page: Page): Promise<number> {
  let last = -1;
  for (;;) {
    await page.waitForTimeout(250);
    const now = await page.evaluate(() => window.scrollY);
    if (now === last) return now;
    last = now;
  }
}

describe('the sidebar tab for a visitor who scrolled before the application ran', () => {
  it.each([375, 1280])('shows "Contact us" without a further scroll after a wheel turn on the prerendered page (%i px)', async (width) => {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = false;
    await page.route(APPLICATION_CHUNK, async (route) => {
      held = true;
      await released;
      await route.continue();
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
    // The page has asked for the application and is waiting for it.
    await expect.poll(() => held, { timeout: TAB_TIMEOUT_MS }).toBe(true);

    await page.mouse.move(width / 2, 400);
    await page.mouse.wheel(0, 300);
    const scrolled = await settledScrollY(page);
    expect(scrolled).toBeGreaterThan(0);
    const tab = page.getByRole('button', { name: sidebarContact.labelText });
    expect(await tab.count()).toBe(0);

    release();
    await tab.waitFor({ timeout: TAB_TIMEOUT_MS });
    // Nothing scrolled in between: the tab came from the scroll made before the application ran.
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    expect(await tab.isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath(`sidebar-tab-early-scroll-${width}`) });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows "Contact us" without a scroll to a visitor who arrives at /#contact', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${baseUrl}/#contact`, { waitUntil: 'load' });
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const tab = page.getByRole('button', { name: sidebarContact.labelText });
    await tab.waitFor({ timeout: TAB_TIMEOUT_MS });
    expect(await tab.isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});
