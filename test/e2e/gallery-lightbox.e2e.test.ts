// The gallery lightbox in real Chromium at 375 and 1280 px: lightGallery opens on the third
// picture with the counter in words, moves by its arrows and the arrow keys, closes on Escape
// with the focus back on the third link, shows and announces the error text for a picture that
// fails, passes axe (WCAG 2.2 AA) while open and shifts nothing; its thumbnail strip shows the
// theme's 5/4/3/2 thumbnails at the four widths.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { gallery } from '../support/site-content.ts';
import { GALLERY_THUMBS_VISIBLE } from '../../src/machines/shared/theme.constants.ts';
import { axeViolations } from './support/axe.ts';
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

const counter = (shown: number) => `${shown} of ${gallery.items.length}`;

async function open(width: number, height = width < 700 ? 800 : 900) {
  // bypassCSP: axe is injected as an inline script.
  const context = await browser.newContext({ viewport: { width, height }, bypassCSP: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const shifts = await recordLayoutShifts(page);
  await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
  return { context, page, errors, shifts };
}

/** Clicks the nth picture (1-based) once the page is hydrated, and waits for the lightbox. */
async function openPicture(page: Page, nth: number) {
  const link = page.locator('.gallery-item__link').nth(nth - 1);
  await link.scrollIntoViewIfNeeded();
  await link.focus();
  await link.click();
  await page.locator('.lg-container.lg-show-in').waitFor({ state: 'attached' });
  await page.locator('.lightbox-counter').waitFor();
}

/**
 * Waits until lightGallery has faded in (its backdrop and everything around the counter fully
 * opaque): axe measures contrast through opacity, so text caught mid-fade would fail.
 */
async function fadedIn(page: Page) {
  await page.waitForFunction(() => {
    const opacity = (start: Element | null) => {
      let total = 1;
      for (let element = start; element; element = element.parentElement) total *= Number(getComputedStyle(element).opacity);
      return total;
    };
    return opacity(document.querySelector('.lightbox-counter')) === 1 && opacity(document.querySelector('.lg-backdrop')) === 1;
  });
}

const shownCaption = (page: Page) => page.locator('.lg-sub-html').innerText();
const counterText = (page: Page) => page.locator('.lightbox-counter').innerText();

describe('the gallery lightbox', () => {
  for (const width of [375, 1280]) {
    it(`opens on the third picture, moves by arrows and keys, closes on Escape with the focus back at ${width} px`, async () => {
      const { context, page, errors, shifts } = await open(width);
      await openPicture(page, 3);
      expect(await counterText(page)).toBe(counter(3));
      await expect.poll(() => shownCaption(page)).toBe(gallery.items[2]!.caption);
      // The dialog has the focus, and the page behind it is out of reach.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('dialog');
      expect(await page.evaluate(() => document.querySelector('main')?.closest('[inert]') !== null)).toBe(true);
      await fadedIn(page);
      await page.screenshot({ path: screenshotPath(`gallery-lightbox-${width}`) });
      expect(await axeViolations(page, '.lg-container')).toEqual([]);

      await page.keyboard.press('ArrowRight');
      await expect.poll(() => counterText(page)).toBe(counter(4));
      await page.getByRole('button', { name: gallery.lightbox.previous }).click();
      await expect.poll(() => counterText(page)).toBe(counter(3));
      await page.getByRole('button', { name: gallery.lightbox.next }).click();
      await expect.poll(() => counterText(page)).toBe(counter(4));
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => counterText(page)).toBe(counter(3));
      // Tab stays inside the dialog.
      for (let press = 0; press < 6; press += 1) {
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.closest('.lg-container') !== null || document.activeElement === document.body)).toBe(true);
      }

      await page.keyboard.press('Escape');
      await page.locator('.lg-container').waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.closest('li') === document.querySelectorAll('.gallery-grid__item')[2])).toBe(true);
      expect(await page.evaluate(() => document.querySelector('main')?.closest('[inert]') ?? null)).toBeNull();
      expect(await shifts()).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('shows and announces the error text for a picture that cannot be loaded', async () => {
    const { context, page } = await open(1280);
    // The fourth picture, in every format and width, fails.
    await page.route(/gallery-menu-boards/, (route) => route.abort());
    await openPicture(page, 3);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => counterText(page)).toBe(counter(4));
    await expect.poll(() => page.getByRole('alert').innerText()).toBe(gallery.lightbox.imageFailed);
    await expect(page.locator('.lg-current .lg-error-msg').innerText()).resolves.toBe(gallery.lightbox.imageFailed);
    await page.screenshot({ path: screenshotPath('gallery-lightbox-broken-1280') });
    // The next picture loads: the error goes with it.
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => counterText(page)).toBe(counter(5));
    await expect.poll(() => page.getByRole('alert').innerText()).toBe('');
    await context.close();
  });

  for (const [width, visible] of [
    [1440, GALLERY_THUMBS_VISIBLE.wide],
    [1280, GALLERY_THUMBS_VISIBLE.desktop],
    [800, GALLERY_THUMBS_VISIBLE.tablet],
    [375, GALLERY_THUMBS_VISIBLE.mobile],
  ] as const) {
    it(`shows ${visible} thumbnails at ${width} px, the active one following the picture and a click on one moving it`, async () => {
      const { context, page } = await open(width);
      await openPicture(page, 1);
      const inView = () =>
        page.evaluate(() =>
          [...document.querySelectorAll('.lg-thumb-item')].filter((thumb) => {
            const box = thumb.getBoundingClientRect();
            return box.width > 0 && box.left >= -1 && box.right <= window.innerWidth + 1;
          }).length,
        );
      await expect.poll(inView).toBe(visible);
      const activeThumb = () => page.evaluate(() => [...document.querySelectorAll('.lg-thumb-item')].findIndex((thumb) => thumb.classList.contains('active')));
      await page.keyboard.press('ArrowRight');
      // The counter follows lightGallery's report of a finished slide: it takes clicks again.
      await expect.poll(() => counterText(page)).toBe(counter(2));
      await expect.poll(activeThumb).toBe(1);
      await page.locator('.lg-thumb-item').nth(2).click();
      await expect.poll(() => counterText(page)).toBe(counter(3));
      await expect.poll(activeThumb).toBe(2);
      await context.close();
    });
  }
});
