// Track The Click in real Chromium, against a server of its own with click counts on
// (CLICK_COUNTS=on) and its own database: an in-page link, an outside link (a new tab), an image
// link and a middle click each store a hit with the right fields, read back through the counts
// endpoint and `npm run clicks`; the counts then show on the links for someone signed in to the
// console (a passkey from Chromium's virtual authenticator), while an anonymous visitor never
// asks for them and the endpoint refuses them (README.md, "Click counts"); a visitor whose browser
// sends Global Privacy Control sends nothing. On http://localhost:<port>: WebAuthn refuses IP
// addresses as relying-party ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { runScript } from '../server/helpers/server-process.ts';
import { launchChromium, screenshotPath } from './support/browser.ts';
import { startConsoleServer, type ConsoleServer } from './support/console-server.ts';
import { enrolWithPasskey } from './support/virtual-authenticator.ts';

const LINKEDIN = 'https://www.linkedin.com/company/lumina-display-engineering';
const HOME_POST_ID = '7';

let browser: Browser;
let server: ConsoleServer;
let origin = '';
let env: Record<string, string>;
/** A browser signed in to the console as the owner, and its session's Cookie header. */
let owner: BrowserContext;
let ownerCookie = '';

beforeAll(async () => {
  browser = await launchChromium();
  server = await startConsoleServer('clicks', { CLICK_COUNTS: 'on' });
  origin = server.baseUrl;
  env = server.env;
  owner = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await owner.newPage();
  await enrolWithPasskey(page, await server.invite('owner@lumina.test', 'owner'));
  const cookies = await owner.cookies(`${origin}/`);
  // The session reaches the public pages (Path=/); no cookie a page's scripts can read says so
  // (the console marks its tab's sessionStorage instead).
  expect(cookies.filter((cookie) => !cookie.httpOnly)).toEqual([]);
  const session = cookies.find((cookie) => cookie.name === 'console_session');
  expect(session).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Strict' });
  ownerCookie = `console_session=${session?.value}`;
  await page.close();
});

afterAll(async () => {
  await owner?.close();
  await browser?.close();
  await server?.stop();
});

/** A page whose outside links answer locally (the network is closed) and whose beacons are recorded. */
async function openHome(context: BrowserContext, { fromConsole = false } = {}): Promise<{ page: Page; beacons: string[] }> {
  await context.route('https://www.linkedin.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>LinkedIn</title>' }));
  const page = await context.newPage();
  const beacons: string[] = [];
  context.on('request', (request) => {
    if (request.url().includes('/wp-json/track-the-click/')) beacons.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  if (fromConsole) {
    // The console's "View the site" opens the pages in its own tab, which carries its mark.
    await page.goto(`${origin}/admin/`);
    await Promise.all([page.waitForURL(`${origin}/`), page.getByRole('link', { name: 'View the site' }).click()]);
    await page.waitForLoadState('networkidle');
  } else {
    await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
  }
  // The tracking chunk has loaded and the page is idle: its counts request (if any) has gone.
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('click-tracking')));
  return { page, beacons };
}

/** Waits for the next beacon to leave (its answer may be cut off when the page navigates away). */
const nextHit = (page: Page) => page.context().waitForEvent('request', { predicate: (request) => /\/track-the-click\/v3\/click\/\d+$/.test(request.url()), timeout: 10_000 });

/** The counts endpoint asked with a fresh nonce, by the signed-in owner or (`session: ''`) anonymously. */
async function askCounts(location: string, postId: string, session = ownerCookie): Promise<Response> {
  const nonceAnswer = await fetch(`${origin}/wp-json/site/v1/nonce/wp_rest`);
  const { nonce } = (await nonceAnswer.json()) as { nonce: string };
  // The nonce is valid only with the cookie that came with it, as a browser sends it back.
  const cookie = [nonceAnswer.headers.getSetCookie()[0]?.split(';')[0] ?? '', session].filter(Boolean).join('; ');
  const body = new FormData();
  body.append('postID', postId);
  body.append('location', location);
  return fetch(`${origin}/wp-json/track-the-click/v3/getpagelinkclicks/1`, { method: 'POST', body, headers: { 'X-WP-Nonce': nonce, cookie } });
}

async function countsOf(location: string, postId: string) {
  const response = await askCounts(location, postId);
  expect(response.status).toBe(200);
  return (await response.json()) as Array<{ target: string; anchor: string; clicks: number }>;
}

describe('click tracking in Chromium', () => {
  it('stores a hit for an in-page link, an outside link, an image link and a middle click', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, beacons } = await openHome(context);
    // An anonymous visitor does not ask for counts.
    expect(beacons).toEqual([]);

    // In-page: the menu's "Projects" link.
    const menuLink = page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Projects', exact: true });
    await Promise.all([nextHit(page), menuLink.click()]);

    // Outside, in a new tab: the beacon leaves with the click.
    const social = page.locator('.social-links__link[href*="linkedin"]').first();
    await social.scrollIntoViewIfNeeded();
    const [, popup] = await Promise.all([nextHit(page), context.waitForEvent('page'), social.click()]);
    await popup.close();

    // A middle click on the same outside link: a second hit for it.
    await social.scrollIntoViewIfNeeded();
    await Promise.all([nextHit(page), social.click({ button: 'middle' })]);

    // An image link (its anchor is the picture's URL): in the gallery it opens the lightbox
    // instead of the picture, and the click counts all the same.
    const imageLink = page.locator('.gallery-item__link').first();
    await imageLink.scrollIntoViewIfNeeded();
    const imageSrc = await imageLink.locator('img').evaluate((image) => (image as HTMLImageElement).src);
    const imageHref = await imageLink.evaluate((link) => (link as HTMLAnchorElement).href);
    await Promise.all([nextHit(page), imageLink.click()]);
    await page.locator('.lg-container').waitFor({ state: 'attached' });
    expect(beacons.filter((beacon) => beacon.includes('/click/'))).toEqual([1, 2, 3, 4].map((n) => `POST /wp-json/track-the-click/v3/click/${n}`));

    // Stored: read back through the counts endpoint (a beacon is acknowledged once committed).
    const sortedCounts = async () => (await countsOf(`${origin}/`, HOME_POST_ID)).sort((a, b) => a.target.localeCompare(b.target));
    await expect
      .poll(sortedCounts, { timeout: 10_000 })
      .toEqual(
        [
          { target: `${origin}/#projects`, anchor: 'Projects', clicks: 1 },
          { target: imageHref, anchor: `image:${imageSrc}`, clicks: 1 },
          { target: LINKEDIN, anchor: 'LinkedIn (opens in a new tab)', clicks: 2 },
        ].sort((a, b) => a.target.localeCompare(b.target)),
      );

    // The owner's report: the outside link only by default; every link with --all, as CSV.
    const report = runScript('scripts/clicks.ts', env);
    expect((await report.exit).code).toBe(0);
    expect(report.stdout()).toContain('https://www.linkedin.com/company/lumina-display');
    expect(report.stdout()).not.toContain('#projects');
    const csv = runScript('scripts/clicks.ts', env, ['--all', '--csv']);
    expect((await csv.exit).code).toBe(0);
    const lines = csv.stdout().trim().split('\r\n');
    expect(lines[0]).toBe('page,target,anchor,clicks,first,last');
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 4).join(','))).toEqual([
      `${HOME_POST_ID},${LINKEDIN},LinkedIn (opens in a new tab),2`,
      ...[`${HOME_POST_ID},${origin}/#projects,Projects,1`, `${HOME_POST_ID},${imageHref},image:${imageSrc},1`].sort(),
    ]);

    // Back on the page, the anonymous visitor still sees no counts and asks for none; the
    // endpoint refuses them anyway.
    beacons.length = 0;
    await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    expect(beacons).toEqual([]);
    expect(await page.locator('[data-clicks]').count()).toBe(0);
    const refused = await askCounts(`${origin}/`, HOME_POST_ID, '');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'ttc_console_session_required' });
    await context.close();

    // The owner's browser, in a tab the console was not opened in, asks for nothing.
    const { page: ownersOtherTab, beacons: otherTabRequests } = await openHome(owner);
    await ownersOtherTab.waitForTimeout(500);
    expect(otherTabRequests.filter((request) => request.includes('getpagelinkclicks'))).toEqual([]);
    expect(await ownersOtherTab.evaluate(() => document.cookie)).not.toContain('console_signed_in');
    await ownersOtherTab.close();

    // The owner, signed in to the console, opens the site from it and sees the counts on the links that were followed.
    const { page: ownersPage, beacons: ownersRequests } = await openHome(owner, { fromConsole: true });
    const ownersMenuLink = ownersPage.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Projects', exact: true });
    const ownersSocial = ownersPage.locator('.social-links__link[href*="linkedin"]').first();
    await expect.poll(() => ownersMenuLink.getAttribute('data-clicks'), { timeout: 10_000 }).toBe('1');
    expect(ownersRequests[0]).toBe('POST /wp-json/track-the-click/v3/getpagelinkclicks/1');
    expect(await ownersSocial.getAttribute('data-clicks')).toBe('2');
    expect(await ownersSocial.getAttribute('title')).toBe('Followed 2 times');
    expect(await ownersPage.locator('.gallery-item__link').first().getAttribute('data-clicks')).toBe('1');
    // The bubble is drawn, and the link's accessible name stays its own.
    expect(await ownersMenuLink.evaluate((link) => getComputedStyle(link, '::after').content)).toMatch(/attr|"1"/);
    await ownersMenuLink.scrollIntoViewIfNeeded();
    await ownersPage.screenshot({ path: screenshotPath('click-counts-1280') });
    await ownersPage.close();
  });

  it('sends nothing for a visitor whose browser sends Global Privacy Control', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, extraHTTPHeaders: { 'Sec-GPC': '1' } });
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true, configurable: true }));
    const before = await countsOf(`${origin}/`, HOME_POST_ID);
    const { page, beacons } = await openHome(context);
    const social = page.locator('.social-links__link[href*="linkedin"]').first();
    await social.scrollIntoViewIfNeeded();
    const [popup] = await Promise.all([context.waitForEvent('page'), social.click()]);
    await popup.close();
    await social.click({ button: 'middle' });
    // Give a beacon every chance to leave: a page round trip after the clicks.
    await page.evaluate(() => fetch('/healthz'));
    await page.waitForTimeout(500);
    expect(beacons.filter((beacon) => beacon.includes('/click/'))).toEqual([]);
    expect(await countsOf(`${origin}/`, HOME_POST_ID)).toEqual(before);
    await context.close();
  });
});
