// The theme's motion in Chromium: counters count up once near the viewport and end on exactly
// their prerendered text at a constant width; capability bars fill to their target; with reduced
// motion both show their final values at once and gsap is never fetched; scroll-reveal loads
// after the page has loaded and reveals what was below the viewport; and scrolling the whole
// page shifts nothing (layout-shift score 0). Screenshots at 375 and 1280 px.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations } from './support/axe.ts';
import { launchChromium, screenshotPath } from './support/browser.ts';
import { MOTION_NEAR_MARGIN_PX, SECTION_HYDRATE_MARGIN_PX } from '../../src/machines/shared/theme.constants.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** The page's layout shifts from its very start (buffered), summed as CLS counts them. */
const LAYOUT_SHIFT_SCRIPT = `
  window.__layoutShift = { score: 0, entries: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      window.__layoutShift.score += entry.value;
      window.__layoutShift.entries.push({
        value: entry.value,
        at: Math.round(entry.startTime),
        scrollY: Math.round(window.scrollY),
        sources: (entry.sources || []).map((source) => {
          const element = source.node && (source.node.nodeType === 1 ? source.node : source.node.parentElement);
          const where = element ? (element.closest('[id]')?.id || '') + ' ' + (element.className || element.nodeName) : '?';
          const rect = (r) => [r.x, r.y, r.width, r.height].map(Math.round).join(',');
          return where + ' ' + rect(source.previousRect) + ' -> ' + rect(source.currentRect) + ' "' + (source.node?.textContent || '').slice(0, 30) + '"';
        }),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

interface Watched {
  context: BrowserContext;
  page: Page;
  errors: string[];
  requests: string[];
}

async function openHome(options: { width: number; height?: number; reducedMotion?: 'reduce' | 'no-preference'; forAxe?: boolean }): Promise<Watched> {
  const context = await browser.newContext({
    viewport: { width: options.width, height: options.height ?? 800 },
    reducedMotion: options.reducedMotion ?? 'no-preference',
    // axe-core is injected as an inline script, which the site's CSP (rightly) refuses.
    bypassCSP: options.forAxe ?? false,
  });
  const page = await context.newPage();
  await page.addInitScript(LAYOUT_SHIFT_SCRIPT);
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
  return { context, page, errors, requests };
}

const counterFinals = (page: Page) =>
  page.$$eval('#counters .counter', (counters) =>
    counters.map((counter) => ({
      digits: counter.querySelector('.counter__shown')?.textContent ?? '',
      spoken: counter.querySelector('.visually-hidden')?.textContent ?? '',
      state: counter.getAttribute('data-state'),
      width: counter.querySelector('.counter__value')?.getBoundingClientRect().width ?? -1,
    })),
  );

const bars = (page: Page) =>
  page.$$eval('#counters [role="progressbar"]', (elements) =>
    elements.map((bar) => {
      const fill = bar.querySelector('.capability__fill') as HTMLElement;
      const matrix = new DOMMatrixReadOnly(getComputedStyle(fill).transform);
      return {
        target: Number(bar.getAttribute('aria-valuenow')),
        scale: Math.round(matrix.a * 1000) / 1000,
        state: bar.closest('li')?.getAttribute('data-state'),
        name: bar.getAttribute('aria-labelledby') ? document.getElementById(bar.getAttribute('aria-labelledby')!)?.textContent : null,
      };
    }),
  );

// The engine component's chunk (scroll-reveal-engine.view.tsx: gsap, ScrollTrigger, @gsap/react).
const isEngineChunk = (path: string) => /scroll-reveal-engine/.test(path);
const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { __layoutShift: { score: number; entries: unknown[] } }).__layoutShift);

describe('theme motion in Chromium', () => {
  it('counts the counters up once near the viewport, to their prerendered text at a constant width, and fills the bars', async () => {
    const { context, page, errors } = await openHome({ width: 1280, forAxe: true });
    // Near enough for the section to hydrate (SECTION_HYDRATE_MARGIN_PX), farther than the
    // counters' own margin (MOTION_NEAR_MARGIN_PX): hydrated and waiting, 0 at their final width.
    const listTop = await page.$eval('#counters .counter-list', (element) => element.getBoundingClientRect().top + window.scrollY);
    const sectionTop = await page.$eval('#counters', (element) => element.getBoundingClientRect().top + window.scrollY);
    const waitingAt = listTop - 800 - (MOTION_NEAR_MARGIN_PX + 150);
    expect(sectionTop - 800 - waitingAt, 'the section is within its hydration margin there').toBeLessThan(SECTION_HYDRATE_MARGIN_PX);
    await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), waitingAt);
    await page.waitForFunction(() => document.querySelector('#counters .counter')?.getAttribute('data-state') === 'waiting');
    const before = await counterFinals(page);
    expect(before.every((counter) => counter.state === 'waiting')).toBe(true);
    expect(before.every((counter) => /^0/.test(counter.digits))).toBe(true);
    const finals = before.map((counter) => counter.spoken);
    expect(finals.length).toBeGreaterThanOrEqual(2);
    expect((await bars(page)).every((bar) => bar.scale === 0 && bar.state === 'waiting')).toBe(true);

    // Within 500 px of the viewport (not yet in it), counting starts.
    const top = await page.$eval('#counters .counter-list', (element) => element.getBoundingClientRect().top + window.scrollY);
    await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), top - 800 - 400);
    await page.waitForFunction(() => document.querySelector('#counters .counter')?.getAttribute('data-state') !== 'waiting');

    await page.locator('#counters').scrollIntoViewIfNeeded();
    const widths = new Set<string>();
    const during = await counterFinals(page);
    during.forEach((counter, index) => widths.add(`${index}:${counter.width.toFixed(2)}`));
    await page.waitForFunction(() => [...document.querySelectorAll('#counters .counter')].every((counter) => counter.getAttribute('data-state') === 'counted'), undefined, {
      timeout: 10_000,
    });
    const after = await counterFinals(page);
    // Exactly the prerendered text, read by screen readers all along, at the same width.
    expect(after.map((counter) => counter.digits)).toEqual(finals);
    expect(after.map((counter) => counter.spoken)).toEqual(finals);
    after.forEach((counter, index) => widths.add(`${index}:${counter.width.toFixed(2)}`));
    expect(widths.size, 'each counter keeps one width').toBe(after.length);

    // The bars reach their targets.
    await page.waitForFunction(() => [...document.querySelectorAll('#counters .capability')].every((bar) => bar.getAttribute('data-state') === 'filled'), undefined, {
      timeout: 10_000,
    });
    const filled = await bars(page);
    expect(filled.length).toBeGreaterThan(0);
    for (const bar of filled) {
      expect(bar.name).toBeTruthy();
      expect(bar.scale).toBeCloseTo(bar.target / 100, 2);
    }

    await page.locator('#counters').screenshot({ path: screenshotPath('motion-counters-1280') });
    // WCAG 2.2 AA for the figures and the bars (names, values, contrast).
    expect(await axeViolations(page, '#counters')).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the final numbers and full bars with JavaScript off', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    const counters = await counterFinals(page);
    expect(counters.length).toBeGreaterThanOrEqual(2);
    expect(counters.every((counter) => counter.state === 'pending' && counter.digits === counter.spoken && /\d/.test(counter.digits))).toBe(true);
    const filled = await bars(page);
    expect(filled.length).toBeGreaterThan(0);
    for (const bar of filled) expect(bar.scale).toBeCloseTo(bar.target / 100, 2);
    await page.locator('#counters').screenshot({ path: screenshotPath('motion-counters-375-no-js') });
    await context.close();
  });

  it('with reduced motion shows the final numbers and full bars at once and never fetches gsap', async () => {
    const { context, page, errors, requests } = await openHome({ width: 1280, reducedMotion: 'reduce' });
    await page.locator('#counters').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector('#counters .counter')?.getAttribute('data-state') === 'reduced');
    const counters = await counterFinals(page);
    expect(counters.every((counter) => counter.state === 'reduced' && counter.digits === counter.spoken)).toBe(true);
    const filled = await bars(page);
    for (const bar of filled) {
      expect(bar.state).toBe('reduced');
      expect(bar.scale).toBeCloseTo(bar.target / 100, 2);
    }
    await page.locator('#counters').scrollIntoViewIfNeeded();
    expect((await counterFinals(page)).map((counter) => counter.digits)).toEqual(counters.map((counter) => counter.spoken));
    // Long enough for an idle callback: scroll-reveal stays off, nothing is hidden.
    await page.waitForTimeout(2500);
    expect(requests.filter(isEngineChunk)).toEqual([]);
    const hidden = await page.$$eval('main *', (elements) => elements.filter((element) => (element as HTMLElement).style.opacity === '0').length);
    expect(hidden).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads scroll-reveal after the page has loaded and reveals what was below the viewport', async () => {
    const { context, page, errors, requests } = await openHome({ width: 1280 });
    const atLoad = [...requests];
    expect(atLoad.filter(isEngineChunk), 'gsap is not part of the first paint').toEqual([]);
    // Nor of the page's load: it waits for the visitor's first scroll.
    await page.waitForTimeout(2500);
    expect(requests.filter(isEngineChunk), 'gsap waits for the first scroll').toEqual([]);
    await page.mouse.wheel(0, 1);
    await page.waitForFunction(() => document.querySelector('main .office')?.getAttribute('style')?.includes('opacity'), undefined, { timeout: 10_000 });
    expect(requests.filter(isEngineChunk)).toHaveLength(1);
    // What was on screen when gsap arrived was never touched.
    const touchedOnScreen = await page.$$eval('main .section-heading, main .card, main .about__point', (elements) =>
      elements.filter((element) => element.getBoundingClientRect().top <= window.innerHeight && (element as HTMLElement).style.opacity !== '').length,
    );
    expect(touchedOnScreen).toBe(0);
    const office = page.locator('main .office').last();
    expect(Number(await office.evaluate((element) => getComputedStyle(element).opacity))).toBe(0);
    await office.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => {
      const offices = document.querySelectorAll('main .office');
      return getComputedStyle(offices[offices.length - 1]!).opacity === '1';
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const width of [375, 1280]) {
    it(`shifts nothing while the whole page is scrolled at ${width} px (layout-shift score 0)`, async () => {
      const { context, page, errors } = await openHome({ width });
      // gsap arrives (after load, idle and a first scroll) while the visitor is still at the top.
      await page.mouse.wheel(0, 1);
      await page.waitForFunction(() => document.querySelector('main .office')?.getAttribute('style')?.includes('opacity'), undefined, { timeout: 10_000 });
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y <= height; y += 400) {
        await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
        await page.waitForTimeout(60);
      }
      await page.locator('#counters').scrollIntoViewIfNeeded();
      await page.waitForFunction(() => [...document.querySelectorAll('#counters .counter')].every((counter) => counter.getAttribute('data-state') === 'counted'), undefined, {
        timeout: 10_000,
      });
      await page.waitForTimeout(800);
      const shift = await layoutShift(page);
      expect(shift.entries).toEqual([]);
      expect(shift.score).toBe(0);
      await page.screenshot({ path: screenshotPath(`motion-counters-${width}-viewport`) });
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
