// The office map in Chromium, on a stand-in of the Maps JavaScript API served in place of
// Google's (support/maps-stand-in.js: the loader's protocol, DOM for markers, circles, the
// info window and the route, and a record of what the map was asked). The site's config is
// given a key for these pages only. View All fits every office; the dropdown picks Cape Town
// and opens its info window; the driving route reports the summed distance, a failing one its
// status; without a key nothing is asked of Google and the static section works; axe; no
// layout shift when the map arrives, also for a visitor who lands on the section; with MAP_LOAD=click
// (the default) nothing is asked of Google before "Show the map" is pressed; screenshots.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { company } from '../support/site-content.ts';
import { map } from '../support/site-content.ts';
import { axeViolations } from './support/axe.ts';
import { launchChromium, screenshotPath } from './support/browser.ts';
import { recordLayoutShifts } from './support/layout-shift.ts';

declare global {
  interface Window {
    /** What support/maps-stand-in.js was asked, and the answer its routes give. */
    mapsStandIn: { routeStatus: string; requests: Array<{ origin: unknown; waypoints: unknown[]; travelMode: string; unitSystem: number }> };
  }
}

const baseUrl = inject('baseUrl');
const standIn = readFileSync(new URL('./support/maps-stand-in.js', import.meta.url), 'utf8');
const { words } = map.interactive;
const offices = map.interactive.locations.map((location) => company.offices.find((office) => office.id === location.officeId)!);
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function open(
  width: number,
  { key, position, path = '/', load = 'visible' }: { key: string | null; position?: { latitude: number; longitude: number }; path?: string; load?: 'click' | 'visible' },
) {
  // bypassCSP: axe is injected as an inline script.
  const context = await browser.newContext({
    viewport: { width, height: width < 700 ? 800 : 900 },
    bypassCSP: true,
    ...(position ? { geolocation: position, permissions: ['geolocation'] } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const googleRequests: string[] = [];
  page.on('request', (request) => {
    if (/googleapis|gstatic/.test(request.url())) googleRequests.push(request.url());
  });
  await page.route('**/wp-json/site/v1/config', async (route) => {
    const answer = await route.fetch();
    await route.fulfill({ response: answer, json: { ...(await answer.json()), googleMapsApiKey: key, mapLoad: load } });
  });
  await page.route('https://maps.googleapis.com/maps/api/js?**', (route) => route.fulfill({ contentType: 'text/javascript', body: standIn }));
  const shifts = await recordLayoutShifts(page);
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  return { context, page, errors, googleRequests, shifts };
}

const mapBox = (page: Page) => page.locator('#office-map');

describe('the office map', () => {
  for (const width of [375, 1280]) {
    it(`loads near the section, fits every office, moves by the dropdown and shows the driving route (${width} px)`, async () => {
      const { context, page, errors, googleRequests, shifts } = await open(width, { key: 'AIza-test-key' });
      // Nothing asked of Google while the section is far away.
      expect(googleRequests).toEqual([]);
      await page.locator('#map').scrollIntoViewIfNeeded();
      await page.locator('#office-map .stand-in-map').waitFor();
      expect(googleRequests).toHaveLength(1);
      const loaded = new URL(googleRequests[0]!);
      expect(loaded.searchParams.get('key')).toBe('AIza-test-key');
      // View All: the bounds of every office.
      await expect.poll(() => mapBox(page).getAttribute('data-fit-bounds')).toBe(offices.map((office) => `${office.coordinates.lat},${office.coordinates.lng}`).join(' '));
      expect(await page.locator('.stand-in-marker').allInnerTexts()).toEqual(map.interactive.locations.map((location) => location.title));
      expect(JSON.parse((await page.locator('.stand-in-circle').getAttribute('data-options'))!)).toEqual({ radius: 100, strokeColor: '#0000FF', strokeOpacity: 0.8, strokeWeight: 2, fillColor: '#0000FF', fillOpacity: 0.4 });

      const menu = page.getByRole('combobox', { name: words.menuLabel });
      expect(await menu.locator('option').allInnerTexts()).toEqual([words.viewAll, ...map.interactive.locations.map((location) => location.title)]);
      await menu.selectOption({ label: 'Cape Town' });
      const info = page.locator('.stand-in-info');
      await expect.poll(() => info.getAttribute('data-anchor')).toBe('Cape Town');
      expect(await info.innerText()).toContain('Western Cape branch.');
      expect(await mapBox(page).getAttribute('data-center')).toBe(`${offices[1]!.coordinates.lat},${offices[1]!.coordinates.lng}`);
      expect(await mapBox(page).getAttribute('data-zoom')).toBe('14');
      // A marker's click picks its office too, and the menu follows.
      await page.locator('.stand-in-marker', { hasText: 'Durban' }).dispatchEvent('click');
      await expect.poll(() => menu.inputValue()).toBe('3');

      await page.getByRole('button', { name: words.showRoute }).click();
      const line = page.locator('.office-map__route-line');
      await expect.poll(() => line.innerText()).toBe('Driving distance: 3032.7 km');
      const [request] = await page.evaluate(() => window.mapsStandIn.requests);
      expect(request).toMatchObject({ travelMode: 'DRIVING', unitSystem: 0, waypoints: [{ stopover: true }] });
      await page.screenshot({ path: screenshotPath(`office-map-route-${width}`) });

      await page.evaluate(() => {
        window.mapsStandIn.routeStatus = 'ZERO_RESULTS';
      });
      await page.getByRole('button', { name: words.showRoute }).click();
      await expect.poll(() => line.innerText()).toBe(words.routeFailed.replace('%s', 'ZERO_RESULTS'));
      // The addresses' links stay.
      expect(await page.locator('#map .map__link').count()).toBe(offices.length * 2);
      expect(await axeViolations(page, '#map')).toEqual([]);
      expect(await shifts()).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  // A shared link to the section: the page wakes up (the forms above it hydrate) and the map
  // arrives while the visitor already reads it; neither moves anything in view.
  for (const width of [375, 1280]) {
    it(`moves nothing for a visitor who arrives at /#map (${width} px)`, async () => {
      const { context, page, errors, shifts } = await open(width, { key: 'AIza-test-key', path: '/#map' });
      await page.getByRole('button', { name: words.showRoute }).waitFor();
      await page.waitForTimeout(300);
      expect(await shifts()).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('routes from the visitor’s position when asked, and from the first office when it is refused', async () => {
    const here = { latitude: -26.2041, longitude: 28.0473 };
    const { context, page, errors } = await open(1280, { key: 'AIza-test-key', position: here });
    await page.locator('#map').scrollIntoViewIfNeeded();
    await page.locator('#office-map .stand-in-map').waitFor();
    await page.getByRole('button', { name: words.routeFromHere }).click();
    const line = page.locator('.office-map__route-line');
    await expect.poll(() => line.innerText()).toBe('Driving distance: 3032.7 km');
    const requests = await page.evaluate(() => window.mapsStandIn.requests);
    // From here, through every office but the last.
    expect(requests[0]!.origin).toEqual({ lat: here.latitude, lng: here.longitude });
    expect(requests[0]!.waypoints).toHaveLength(offices.length - 1);
    await context.clearPermissions();
    await page.getByRole('button', { name: words.routeFromHere }).click();
    await expect.poll(() => line.innerText()).toBe(`${words.locationRefused} Driving distance: 3032.7 km`);
    expect(errors).toEqual([]);
    await context.close();
  });

  // MAP_LOAD=click, the default (README, "Privacy"): Google is asked nothing until the visitor presses the button.
  for (const width of [375, 1280]) {
    it(`offers "Show the map" and loads Google Maps only when it is pressed (${width} px)`, async () => {
      const { context, page, errors, googleRequests, shifts } = await open(width, { key: 'AIza-test-key', load: 'click' });
      await page.locator('#map').scrollIntoViewIfNeeded();
      const show = page.getByRole('button', { name: words.showMap });
      await show.waitFor();
      await page.waitForTimeout(500);
      expect(googleRequests).toEqual([]);
      expect(await page.getByText(words.showMapNote).isVisible()).toBe(true);
      expect(await axeViolations(page, '#map')).toEqual([]);
      await page.locator('#map').screenshot({ path: screenshotPath(`office-map-offered-${width}`) });
      await show.focus();
      await page.keyboard.press('Enter');
      await page.locator('#office-map .stand-in-map').waitFor();
      expect(googleRequests).toHaveLength(1);
      // The focus went to the map's box with the button.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('office-map');
      expect(await show.count()).toBe(0);
      await page.getByRole('button', { name: words.showRoute }).waitFor();
      await page.locator('#map').screenshot({ path: screenshotPath(`office-map-shown-${width}`) });
      expect(await shifts()).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('is the static section without a key: nothing asked of Google, the addresses and their links', async () => {
    const { context, page, errors, googleRequests, shifts } = await open(1280, { key: null });
    await page.locator('#map').scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    expect(googleRequests).toEqual([]);
    expect(await page.locator('#office-map').innerHTML()).toBe('');
    expect(await page.getByRole('combobox', { name: words.menuLabel }).count()).toBe(0);
    const links = page.locator('#map .map__office .map__link');
    expect(await links.count()).toBe(offices.length * 2);
    expect(await links.nth(1).getAttribute('href')).toBe(`https://www.google.com/maps/dir/?api=1&destination=${offices[0]!.coordinates.lat}%2C${offices[0]!.coordinates.lng}&travelmode=driving`);
    expect(await page.locator('#map .map__office').evaluateAll((items) => items.map((item) => item.getAttribute('data-lat')))).toEqual(offices.map((office) => String(office.coordinates.lat)));
    await page.locator('#map').screenshot({ path: screenshotPath('office-map-static-1280') });
    expect(await shifts()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
