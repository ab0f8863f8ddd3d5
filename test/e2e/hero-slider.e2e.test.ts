// The hero slider in real Chromium at 375 and 1280 px: the prerendered hero becomes the slider
// once the page is idle without shifting anything, fades to the next slide every 6 s, stops with
// its pause button, moves by its arrows and picker, stays still for a visitor who prefers reduced
// motion, passes axe (WCAG 2.2 AA), and the largest paint is still the prerendered hero.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { hero } from '../support/site-content.ts';
import { HERO_SLIDER_FADE_MS, HERO_SLIDER_INTERVAL_MS } from '../../src/machines/shared/theme.constants.ts';
import { axeViolations } from './support/axe.ts';
import { launchChromium, screenshotPath } from './support/browser.ts';
import type { LayoutShift } from './support/layout-shift.ts';

/** What the page records from its first paint (set up by an init script). */
interface HeroRecord {
  shifts: string[];
  lcp: string[];
  lcpElements: Array<Element | undefined>;
}

declare global {
  interface Window {
    heroRecord: HeroRecord;
  }
}

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const headings = [hero.heading, ...hero.slides.map((slide) => slide.heading)];
const LONGER_THAN_A_SLIDE = HERO_SLIDER_INTERVAL_MS + HERO_SLIDER_FADE_MS + 1000;

async function open(width: number, options: BrowserContextOptions = {}) {
  // bypassCSP: axe is injected as an inline script.
  const context = await browser.newContext({ viewport: { width, height: width < 700 ? 800 : 900 }, bypassCSP: true, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.addInitScript(() => {
    const record: HeroRecord = { shifts: [], lcp: [], lcpElements: [] };
    window.heroRecord = record;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShift[]) {
        if (!entry.hadRecentInput) {
          const moved = entry.sources.map((source) => {
            const element = source.node instanceof Element ? source.node : source.node?.parentElement;
            const slide = element?.closest('.hero__slide');
            const place = slide ? `slide ${[...(slide.parentElement?.children ?? [])].indexOf(slide)} ${slide.className}` : 'outside a slide';
            return `${element?.className} in ${place} (${JSON.stringify(source.previousRect)} → ${JSON.stringify(source.currentRect)})`;
          });
          record.shifts.push(`${entry.value} at ${Math.round(entry.startTime)} ms, state ${document.querySelector('.hero__stage')?.getAttribute('data-state')}: ${moved.join('; ')}`);
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LargestContentfulPaint[]) {
        record.lcp.push(`${entry.element?.tagName ?? '?'}@${Math.round(entry.startTime)}`);
        record.lcpElements.push(entry.element ?? undefined);
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
  return { context, page, errors };
}

const activeHeading = (page: Page) => page.locator('.hero__slider .splide__slide.is-active .hero__title').innerText();
const record = (page: Page) =>
  page.evaluate(() => {
    const { shifts, lcp, lcpElements } = window.heroRecord;
    // The prerendered hero's elements leave the page when the slider takes over: a largest
    // paint still on the page would be one the slider painted.
    return { shifts, lcp, lastLcpIsPrerendered: lcpElements.at(-1)?.isConnected === false };
  });

async function waitForState(page: Page, state: string) {
  await page.waitForFunction((expected) => document.querySelector('.hero__stage')?.getAttribute('data-state') === expected, state, { timeout: 20_000 });
}

describe('the hero slider in Chromium', () => {
  for (const width of [375, 1280]) {
    it(`takes over the hero, autoplays, pauses and moves by its controls at ${width} px`, async () => {
      const { context, page, errors } = await open(width);
      await waitForState(page, 'shown.mounted.playing.moving');
      expect(await activeHeading(page)).toBe(hero.heading);
      await page.screenshot({ path: screenshotPath(`hero-slider-${width}`) });
      // The next slide fades in by itself.
      await expect.poll(() => activeHeading(page), { timeout: LONGER_THAN_A_SLIDE }).toBe(headings[1]);
      // Pause: nothing moves for longer than a slide.
      const pause = page.getByRole('button', { name: hero.slider.pause });
      await pause.click();
      await waitForState(page, 'shown.mounted.stopped');
      await page.mouse.move(0, 0);
      await page.waitForTimeout(LONGER_THAN_A_SLIDE);
      expect(await activeHeading(page)).toBe(headings[1]);
      // The arrows and the slide picker still move it.
      await page.getByRole('button', { name: hero.slider.next }).click();
      await expect.poll(() => activeHeading(page)).toBe(headings[2]);
      // The picker is a tab list (the APG's tabbed carousel), one tab per slide.
      await page.getByRole('tab', { name: hero.slider.goTo.replace('%s', '1') }).click();
      await expect.poll(() => activeHeading(page)).toBe(headings[0]);
      await page.waitForTimeout(HERO_SLIDER_FADE_MS + 200);
      // Read before axe runs: its checks scroll the page, and the sticky header answering that
      // scroll is not something the slider did.
      const { shifts, lcp, lastLcpIsPrerendered } = await record(page);
      expect(await axeViolations(page, '#home')).toEqual([]);
      expect(shifts).toEqual([]);
      // The largest paint is the prerendered hero, not a slide painted later by the slider.
      expect(lcp.at(-1)).toMatch(/^(IMG|H1|P)@/);
      expect(lastLcpIsPrerendered, lcp.join(' ')).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('stays on the hero for a visitor who prefers reduced motion', async () => {
    const { context, page, errors } = await open(1280, { reducedMotion: 'reduce' });
    await waitForState(page, 'shown.mounted.still');
    expect(await page.locator('.hero__rotation').isHidden()).toBe(true);
    await page.waitForTimeout(LONGER_THAN_A_SLIDE);
    expect(await activeHeading(page)).toBe(hero.heading);
    // Still a slider: the visitor moves it, without a fade.
    await page.getByRole('button', { name: hero.slider.next }).click();
    await expect.poll(() => activeHeading(page)).toBe(headings[1]);
    expect(await page.locator('.hero__slider .splide__slide.is-active').evaluate((slide) => getComputedStyle(slide).transitionDuration)).toBe('0s');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is the hero alone with JavaScript off', async () => {
    const { context, page } = await open(375, { javaScriptEnabled: false });
    expect(await page.getByRole('heading', { level: 1, name: hero.heading }).isVisible()).toBe(true);
    expect(await page.locator('.hero__slide').count()).toBe(1);
    await context.close();
  });
});
