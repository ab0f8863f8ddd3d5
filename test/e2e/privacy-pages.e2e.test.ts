// The privacy notice and the accessibility statement in Chromium at 375 and 1280 px: served,
// axe-clean, one h1, no horizontal scroll; screenshots for a look (README, "Privacy").
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { axeViolations } from './support/axe.ts';
import { launchChromium, screenshotPath } from './support/browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('the privacy and accessibility pages', () => {
  for (const [path, name] of [
    ['/privacy/', 'privacy'],
    ['/accessibility/', 'accessibility'],
  ] as const) {
    it.each([375, 1280])(`${path} is axe-clean with one h1 and no horizontal scroll (%i px)`, async (width) => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true }); // axe is injected as a script
      const page = await context.newPage();
      const response = await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(200);
      await expect(page.locator('h1').count()).resolves.toBe(1);
      await page.locator('#footer').getByRole('link', { name: 'Privacy', exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await axeViolations(page, 'body')).toEqual([]);
      await page.screenshot({ path: screenshotPath(`${name}-${width}`), fullPage: true });
      await context.close();
    });
  }
});
