// Third parties load when the visitor uses them (README.md, "The contact form"), in Chromium with
// both site keys set (the site's config is given a reCAPTCHA and a Maps key for this page only, and
// MAP_LOAD=click): every request the page makes is recorded. Loading the home page, scrolling it
// slowly to the end and back (every lazy section hydrates) and opening a gallery picture asks
// no host but the site's own. The first focus on a contact form field asks Google for
// reCAPTCHA's script (answered by a stand-in); "Show the map" asks for the Maps loader (the
// stand-in of the office map's test); the video host is asked nothing before a film is played.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { map } from '../support/site-content.ts';
import { launchChromium } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const siteOrigin = new URL(baseUrl).origin;
const mapsStandIn = readFileSync(new URL('./support/maps-stand-in.js', import.meta.url), 'utf8');
/** reCAPTCHA v3's provider as the page's client uses it: `ready` and `execute`. */
const recaptchaStandIn = `window.grecaptcha = {
  ready: (callback) => callback(),
  execute: () => Promise.resolve('stand-in-token'),
};`;
const RECAPTCHA = /^https:\/\/www\.google\.com\/recaptcha\//;
const MAPS_LOADER = /^https:\/\/maps\.googleapis\.com\/maps\/api\/js/;
const VIDEO_HOSTS = /youtube|ytimg|googlevideo|vimeo/;
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Scrolls by a screen's part at a time, pausing so each section near the view can hydrate. */
async function scrollSlowly(page: Page, direction: 1 | -1) {
  for (let step = 0; step < 200; step += 1) {
    const moved = await page.evaluate((by) => {
      const before = window.scrollY;
      window.scrollBy(0, by);
      return window.scrollY !== before;
    }, direction * 400);
    await page.waitForTimeout(150);
    if (!moved) return;
  }
  throw new Error('the page did not reach its end in 200 steps');
}

describe('third parties load when the visitor uses them', () => {
  it('asks no host but the site’s own until a form or the map is used', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const requests: string[] = [];
    page.on('request', (request) => {
      if (/^https?:/.test(request.url())) requests.push(request.url());
    });
    const foreign = () => requests.filter((url) => new URL(url).origin !== siteOrigin);
    await page.route('**/wp-json/site/v1/config', async (route) => {
      const answer = await route.fetch();
      await route.fulfill({ response: answer, json: { ...(await answer.json()), recaptchaSiteKey: 'recaptcha-test-key', googleMapsApiKey: 'AIza-test-key', mapLoad: 'click' } });
    });
    await page.route(RECAPTCHA, (route) => route.fulfill({ contentType: 'text/javascript', body: recaptchaStandIn }));
    await page.route(MAPS_LOADER, (route) => route.fulfill({ contentType: 'text/javascript', body: mapsStandIn }));

    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    await scrollSlowly(page, 1);
    // Every lazy section has hydrated on the way: the contact form runs, the map is offered.
    await page.locator('#contact .wpcf7.js').waitFor();
    await page.getByRole('button', { name: map.interactive.words.showMap }).waitFor();
    await scrollSlowly(page, -1);
    // A picture of the gallery in the lightbox, and closed again: local pictures only.
    const picture = page.locator('.gallery-item__link').first();
    await picture.scrollIntoViewIfNeeded();
    await picture.focus();
    await picture.click();
    await page.locator('.lg-container.lg-show-in').waitFor({ state: 'attached' });
    await page.locator('.lightbox-counter').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.lg-container').waitFor({ state: 'detached' });
    await page.waitForLoadState('networkidle');
    expect(requests.length).toBeGreaterThan(0);
    expect(foreign()).toEqual([]);

    // The first focus on a field of the contact form: reCAPTCHA's script is asked for, with the key.
    await page.locator('#contact').getByLabel('Full name').focus();
    await expect.poll(() => foreign()).toEqual([`https://www.google.com/recaptcha/api.js?render=recaptcha-test-key`]);
    // Its token is fetched as before (the stand-in's, for the page action).
    await expect.poll(() => page.locator('#contact input[name="_wpcf7_recaptcha_response"]').inputValue()).toBe('stand-in-token');

    // "Show the map": the Maps loader, and nothing of the video host before a film is played.
    const show = page.getByRole('button', { name: map.interactive.words.showMap });
    await show.scrollIntoViewIfNeeded();
    await show.click();
    await page.locator('#office-map .stand-in-map').waitFor();
    expect(foreign().filter((url) => MAPS_LOADER.test(url))).toHaveLength(1);
    expect(foreign().filter((url) => !RECAPTCHA.test(url) && !MAPS_LOADER.test(url))).toEqual([]);
    expect(requests.filter((url) => VIDEO_HOSTS.test(new URL(url).hostname))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
