// The testimonials text slider and the client logo carousel in real Chromium: they move by
// themselves, hold while hovered or focused, stop with their buttons, stay still for a visitor who
// prefers reduced motion, shift nothing as they take over the prerendered lists, read fully with
// JavaScript off and pass axe (WCAG 2.2 AA) at 375 and 1280 px.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { home } from '../support/site-content.ts';
import { LOGO_CAROUSEL_INTERVAL_MS, LOGO_CAROUSEL_SPEED_MS, TEXT_SLIDER_INTERVAL_MS } from '../../src/machines/shared/theme.constants.ts';
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

const slideCount = home.testimonials.items.length;
/** Longer than one interval (and the fade), so a slider that should move has moved. */
const LONGER_THAN_A_SLIDE = TEXT_SLIDER_INTERVAL_MS + 1500;

async function open(options: BrowserContextOptions = {}, hash = '') {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // Layout shifts inside the two sections, recorded from the first paint on.
  await page.addInitScript(() => {
    const shifts: string[] = [];
    (window as unknown as { sliderShifts: string[] }).sliderShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{ value: number; sources?: Array<{ node?: Node }> }>) {
        for (const source of entry.sources ?? []) {
          const element = source.node instanceof Element ? source.node : source.node?.parentElement;
          const section = element?.closest('#testimonials, #clients');
          if (section) shifts.push(`${section.id}: ${element?.className} (${entry.value})`);
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`${baseUrl}/${hash}`, { waitUntil: 'networkidle' });
  return { context, page, errors };
}

const slider = (page: Page) => page.locator('.text-slider');
const currentSlide = (page: Page) => page.locator('.text-slider .is-current').getAttribute('aria-label');
const sliderState = (page: Page) => page.locator('.text-slider').getAttribute('data-state');
const carouselState = (page: Page) => page.locator('.logo-carousel').getAttribute('data-state');
const logoListTransform = (page: Page) => page.locator('#client-logos .splide__list').evaluate((list) => getComputedStyle(list).transform);

async function waitForSliderState(page: Page, state: string) {
  await page.waitForFunction((expected) => document.querySelector('.text-slider')?.getAttribute('data-state') === expected, state);
}

async function moveMouseAway(page: Page) {
  await page.mouse.move(5, 5);
}

describe('the testimonials slider', () => {
  it('advances by itself after its interval, and holds while hovered or focused', async () => {
    const { context, page, errors } = await open();
    await page.locator('#testimonials').scrollIntoViewIfNeeded();
    await moveMouseAway(page);
    await waitForSliderState(page, 'slider.rotating.playing');
    expect(await page.locator('.text-slider').getAttribute('aria-roledescription')).toBe('carousel');
    expect(await page.locator('.text-slider__slides').getAttribute('aria-live')).toBe('off');

    // It moves on by itself, one interval after the last move (not before, and not much later).
    const nextChange = async () => {
      const label = await currentSlide(page);
      await page.waitForFunction((from) => document.querySelector('.text-slider .is-current')?.getAttribute('aria-label') !== from, label, {
        timeout: LONGER_THAN_A_SLIDE,
      });
      return Date.now();
    };
    const firstMove = await nextChange();
    const secondMove = await nextChange();
    expect(secondMove - firstMove).toBeGreaterThan(TEXT_SLIDER_INTERVAL_MS - 300);
    expect(secondMove - firstMove).toBeLessThan(TEXT_SLIDER_INTERVAL_MS + 1000);

    // Hovered: held, and nothing moves for longer than an interval.
    await page.locator('.text-slider__slides').hover();
    await waitForSliderState(page, 'slider.rotating.held');
    expect(await page.locator('.text-slider__slides').getAttribute('aria-live')).toBe('polite');
    const hovered = await currentSlide(page);
    await page.waitForTimeout(LONGER_THAN_A_SLIDE);
    expect(await currentSlide(page)).toBe(hovered);
    await moveMouseAway(page);
    await waitForSliderState(page, 'slider.rotating.playing');

    // Keyboard focus inside: held too; the visitor's own move is announced.
    await slider(page).getByRole('button', { name: 'Next slide' }).focus();
    await waitForSliderState(page, 'slider.rotating.held');
    await page.keyboard.press('Enter');
    const focused = await currentSlide(page);
    await page.waitForTimeout(LONGER_THAN_A_SLIDE);
    expect(await currentSlide(page)).toBe(focused);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await waitForSliderState(page, 'slider.rotating.playing');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('stops for good with its pause button, and starts again with play', async () => {
    const { context, page } = await open();
    await page.locator('#testimonials').scrollIntoViewIfNeeded();
    await waitForSliderState(page, 'slider.rotating.playing');
    // The rotation button comes first, as the APG carousel pattern asks.
    const firstButton = page.locator('.text-slider button').first();
    expect(await firstButton.getAttribute('aria-label')).toBe('Stop automatic slide show');
    await firstButton.click();
    await waitForSliderState(page, 'slider.rotating.stopped');
    await moveMouseAway(page);
    const stopped = await currentSlide(page);
    await page.waitForTimeout(LONGER_THAN_A_SLIDE);
    expect(await sliderState(page)).toBe('slider.rotating.stopped');
    expect(await currentSlide(page)).toBe(stopped);

    // Play with the mouse: it moves again once the pointer leaves, though focus stays on the button.
    await page.getByRole('button', { name: 'Start automatic slide show' }).click();
    await waitForSliderState(page, 'slider.rotating.held');
    await moveMouseAway(page);
    await waitForSliderState(page, 'slider.rotating.playing');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Stop automatic slide show');
    await context.close();
  });

  it('never moves by itself, and does not fade, for a visitor who prefers reduced motion', async () => {
    const { context, page } = await open({ reducedMotion: 'reduce' });
    await page.locator('#testimonials').scrollIntoViewIfNeeded();
    await waitForSliderState(page, 'slider.still');
    expect(await page.getByRole('button', { name: /automatic slide show/ }).count()).toBe(0);
    expect(await page.locator('.text-slider .is-current').evaluate((slide) => getComputedStyle(slide).transitionDuration)).toBe('0s');
    await page.waitForTimeout(LONGER_THAN_A_SLIDE);
    expect(await currentSlide(page)).toBe(`1 of ${slideCount}`);
    await slider(page).getByRole('button', { name: 'Next slide' }).click();
    expect(await currentSlide(page)).toBe(`2 of ${slideCount}`);
    await context.close();
  });
});

describe('the client logo carousel', () => {
  it('moves by itself, holds while hovered, and stops with its button', async () => {
    const { context, page, errors } = await open();
    await page.locator('#clients').scrollIntoViewIfNeeded();
    await moveMouseAway(page);
    await page.locator('#client-logos.is-initialized').waitFor();
    await page.waitForFunction(() => document.querySelector('.logo-carousel')?.getAttribute('data-state') === 'mounted.playing.moving');

    const before = await logoListTransform(page);
    await page.waitForFunction((start) => getComputedStyle(document.querySelector('#client-logos .splide__list')!).transform !== start, before, {
      timeout: LOGO_CAROUSEL_INTERVAL_MS + LOGO_CAROUSEL_SPEED_MS + 2000,
    });

    // Hovered: Splide holds and tells the machine.
    await page.locator('#client-logos .splide__track').hover();
    await page.waitForFunction(() => document.querySelector('.logo-carousel')?.getAttribute('data-state') === 'mounted.playing.held');
    await page.waitForTimeout(LOGO_CAROUSEL_SPEED_MS + 100);
    const held = await logoListTransform(page);
    await page.waitForTimeout(LOGO_CAROUSEL_INTERVAL_MS + LOGO_CAROUSEL_SPEED_MS + 500);
    expect(await logoListTransform(page)).toBe(held);
    await moveMouseAway(page);
    await page.waitForFunction(() => document.querySelector('.logo-carousel')?.getAttribute('data-state') === 'mounted.playing.moving');

    // The visitor's stop holds even with the pointer elsewhere.
    await page.getByRole('button', { name: 'Stop automatic logo rotation' }).click();
    await moveMouseAway(page);
    expect(await carouselState(page)).toBe('mounted.stopped');
    await page.waitForTimeout(LOGO_CAROUSEL_SPEED_MS + 100);
    const stopped = await logoListTransform(page);
    await page.waitForTimeout(LOGO_CAROUSEL_INTERVAL_MS + LOGO_CAROUSEL_SPEED_MS + 500);
    expect(await logoListTransform(page)).toBe(stopped);
    await page.getByRole('button', { name: 'Start automatic logo rotation' }).click();
    expect(await carouselState(page)).toMatch(/^mounted\.playing\./);

    // Splide's own arrows and page dots work by hand.
    await page.getByRole('button', { name: 'Stop automatic logo rotation' }).click();
    await page.getByRole('button', { name: 'Next logo' }).click();
    expect(await page.locator('#client-logos .splide__pagination__page').count()).toBeGreaterThan(1);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('stays still for a visitor who prefers reduced motion', async () => {
    const { context, page } = await open({ reducedMotion: 'reduce' });
    await page.locator('#clients').scrollIntoViewIfNeeded();
    await page.locator('#client-logos.is-initialized').waitFor();
    await page.waitForFunction(() => document.querySelector('.logo-carousel')?.getAttribute('data-state') === 'mounted.still');
    expect(await page.getByRole('button', { name: /automatic logo rotation/ }).count()).toBe(0);
    const still = await logoListTransform(page);
    await page.waitForTimeout(LOGO_CAROUSEL_INTERVAL_MS + LOGO_CAROUSEL_SPEED_MS + 500);
    expect(await logoListTransform(page)).toBe(still);
    await context.close();
  });
});

describe('both sliders', () => {
  it.each([375, 1280])('take over their lists in view without shifting the layout at %i px', async (width) => {
    // Opened at each section, so the slider takes over while it is on screen (where a shift counts).
    for (const [hash, ready] of [
      ['#clients', '#client-logos.is-initialized'],
      ['#testimonials', '.text-slider.is-enhanced'],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      // The sliders' chunks wait until the prerendered lists have been measured.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/(logo-carousel|text-slider)\.view-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${baseUrl}/${hash}`, { waitUntil: 'load' });
      // Each section's size, and where its first logo or quote sits inside it (sections above
      // belong to others and may move the whole page; these must not move within themselves).
      const geometry = () =>
        page.evaluate(() => {
          const inside = (sectionId: string, selector: string) => {
            const section = document.getElementById(sectionId)!.getBoundingClientRect();
            const rect = document.querySelector(selector)?.getBoundingClientRect();
            return {
              section: [section.width, section.height].map(Math.round),
              first: rect ? [rect.x - section.x, rect.y - section.y, rect.width, rect.height].map(Math.round) : null,
            };
          };
          return {
            clients: inside('clients', '#client-logos .splide__slide:not(.splide__slide--clone)'),
            testimonials: inside('testimonials', '.text-slider .testimonial'),
          };
        });
      const before = await geometry();
      expect(await page.locator(ready).count()).toBe(0);
      release();
      await page.locator(ready).waitFor();
      await page.waitForTimeout(500);
      expect(await geometry(), `${hash} after the slider took over`).toEqual(before);
      expect(await page.evaluate(() => (window as unknown as { sliderShifts?: string[] }).sliderShifts ?? []), hash).toEqual([]);
      await context.close();
    }
  });

  it.each([375, 1280])('pass axe at %i px', async (width) => {
    const { context, page, errors } = await open({ viewport: { width, height: 900 }, bypassCSP: true });
    for (const id of ['clients', 'testimonials']) await page.locator(`#${id}`).scrollIntoViewIfNeeded();
    await page.locator('#client-logos.is-initialized').waitFor();
    await page.locator('.text-slider.is-enhanced').waitFor();
    await moveMouseAway(page);
    await page.getByRole('button', { name: 'Stop automatic logo rotation' }).click();
    await page.getByRole('button', { name: 'Stop automatic slide show' }).click();
    await moveMouseAway(page);
    await page.waitForTimeout(LOGO_CAROUSEL_SPEED_MS + 200);
    await page.locator('#clients').screenshot({ path: screenshotPath(`clients-${width}`) });
    await page.locator('#testimonials').screenshot({ path: screenshotPath(`testimonials-${width}`) });
    expect(await axeViolations(page, '#testimonials')).toEqual([]);
    expect(await axeViolations(page, '#clients')).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('read fully with JavaScript off: every quote and every logo, as lists', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    const quotes = page.locator('#testimonials .text-slider__slides > li');
    expect(await quotes.count()).toBe(slideCount);
    for (const item of home.testimonials.items) expect(await page.getByText(item.quote).isVisible()).toBe(true);
    for (const client of home.clients.items) expect(await page.getByRole('img', { name: client.name }).isVisible()).toBe(true);
    expect(await page.locator('#testimonials button:visible, #clients button:visible').count()).toBe(0);
    await page.locator('#testimonials').screenshot({ path: screenshotPath('testimonials-no-js-1280') });
    await page.locator('#clients').screenshot({ path: screenshotPath('clients-no-js-1280') });
    await context.close();
  });
});
