import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, screenshotPath } from './support/browser.ts';
import { recordLayoutShifts } from './support/layout-shift.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
}

describe('the prerendered site in Chromium', () => {
  it('shows the home page text with JavaScript off', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(`${baseUrl}/`);
    expect(response?.status()).toBe(200);
    const h1 = await page.locator('h1').first().innerText();
    expect(h1.trim().length).toBeGreaterThan(5);
    for (const id of ['header', 'home', 'about', 'services', 'projects', 'gallery', 'counters', 'testimonials', 'faq', 'newsletter', 'contact', 'map', 'footer']) {
      expect(await page.locator(`[id="${id}"]`).count(), `section #${id}`).toBe(1);
    }
    const text = await page.locator('body').innerText();
    expect(text.length).toBeGreaterThan(2000);
    await context.close();
  });

  it.each([375, 1280])('paints the home page before it fetches the application, and nothing moves when the application arrives (%i px)', async (width) => {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    const shifts = await recordLayoutShifts(page);
    // The application's chunk is held back a second: the page is painted without it, and
    // stays as first painted meanwhile.
    let paintedWithoutApplication = false;
    await page.route('**/assets/hydrate-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      paintedWithoutApplication = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length > 0);
      await route.continue();
    });
    await page.goto(`${baseUrl}/`);
    // Hydrated and idle: the hero slider mounts.
    await page.locator('.hero__slider.is-initialized').waitFor({ timeout: 20_000 });
    expect(paintedWithoutApplication).toBe(true);
    // Every stylesheet is the head's own: one a view imported would arrive with the chunk.
    const lateSheets = await page.evaluate(() =>
      [...document.styleSheets].map((sheet) => sheet.href ?? 'inline').filter((href) => !/\/assets\/(index|splide-core)[^/]*\.css$/.test(href)),
    );
    expect(lateSheets).toEqual([]);
    expect(await shifts()).toEqual([]);
    await context.close();
  });

  it('serves the thank-you page and a 404 page with status 404', async () => {
    const page = await browser.newPage();
    expect((await page.goto(`${baseUrl}/thank-you/`))?.status()).toBe(200);
    expect(await page.locator('h1').innerText()).not.toBe('');
    expect((await page.goto(`${baseUrl}/no-such-page/`))?.status()).toBe(404);
    expect(await page.locator('h1').innerText()).not.toBe('');
    await page.close();
  });

  it('shrinks the header and shows back-to-top on scroll; the button returns to the top', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });

    const header = page.locator('#header');
    const backToTop = page.getByRole('button', { name: 'Back to top' });
    expect(await header.getAttribute('class')).not.toContain('is-smaller');
    expect(await backToTop.isVisible()).toBe(false);

    await scrollTo(page, 1200);
    await page.waitForFunction(() => document.querySelector('#header')?.classList.contains('is-smaller'));
    await backToTop.waitFor({ state: 'visible' });
    await page.screenshot({ path: screenshotPath('home-scrolled-1280'), fullPage: false });

    await backToTop.click();
    await page.waitForFunction(() => window.scrollY === 0);
    await page.waitForFunction(() => !document.querySelector('#header')?.classList.contains('is-smaller'));
    await backToTop.waitFor({ state: 'hidden' });

    await scrollTo(page, 1200);
    await page.setViewportSize({ width: 900, height: 800 });
    await page.waitForFunction(() => !document.querySelector('#header')?.classList.contains('is-smaller'));

    await page.setViewportSize({ width: 1280, height: 800 });
    // Walk down the page so lazy pictures load, then check every picture arrived. Each step
    // waits for two frames: Chromium decides which lazy pictures to fetch when it renders, and
    // a slow machine given back-to-back scrolls renders only the last (CI flaked on it).
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 600) {
      await scrollTo(page, y);
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    }
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() => [...document.images].every((image) => image.complete));
    const broken = await page.evaluate(() =>
      [...document.images].filter((image) => image.naturalWidth === 0).map((image) => image.currentSrc || image.src),
    );
    expect(broken).toEqual([]);
    await scrollTo(page, 0);
    await page.screenshot({ path: screenshotPath('home-1280'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: screenshotPath('home-375'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
