// The console's pictures page in real Chromium against the real server (README, "Pictures in the
// console"): the owner signs in with a passkey, opens Pictures, is told beside the fields what
// is missing, uploads a PNG, sees it listed with its thumbnail (served from MEDIA_DIR below
// /assets/images/), and deletes it after confirming. The space the uploads take of MEDIA_MAX_BYTES
// is said in words; an upload past it is refused beside its field. axe at 1280 and 375 px,
// screenshots.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { launchChromium, screenshotPath, watchProblems } from './support/browser.ts';
import { startConsoleServer, type ConsoleServer } from './support/console-server.ts';
import { enrolWithPasskey } from './support/virtual-authenticator.ts';

let browser: Browser;
let server: ConsoleServer;

beforeAll(async () => {
  // A small quota, which a photo's files pass.
  server = await startConsoleServer('media', { WEB_CONCURRENCY: '1', MEDIA_MAX_BYTES: '1MB' });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the console\'s pictures page in Chromium', () => {
  it('refuses an upload without its text, uploads a picture, lists and serves it, deletes it', async () => {
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#1d4e89' } }).png().toBuffer();
    const link = await server.invite('owner@lumina.test', 'owner');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await enrolWithPasskey(page, link);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Pictures' }).click();
    await page.getByRole('heading', { name: 'Pictures', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Every picture of the site' }).waitFor();
    await page.getByText('Uploaded pictures take nothing of the 1.0 MB kept for them (0%).').waitFor();

    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const summary = page.locator('.error-summary');
    await summary.getByText('Choose a JPEG, PNG or WebP picture').waitFor();
    expect(await page.getByLabel('Alternative text').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Picture', { exact: true }).setInputFiles({ name: 'Lobby Screen.png', mimeType: 'image/png', buffer: png });
    await page.getByLabel('Alternative text').fill('A lobby screen showing the company logo');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('lobby-screen was uploaded, 480, 960, 1200 px wide in AVIF, WebP and a fallback.').waitFor();

    const row = page.locator('tr[data-picture="lobby-screen"]');
    await row.waitFor();
    expect(await row.innerText()).toContain('A lobby screen showing the company logo');
    // The thumbnail is the upload's own variant, served by the server.
    const thumbnail = row.locator('img');
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(480);
    const served = await fetch(`${server.baseUrl}${await thumbnail.getAttribute('src')}`);
    // An opaque PNG gets the JPEG fallback, as the build gives its photos.
    // For a minute only, unlike the build's immutable files: a deleted upload stops being served.
    expect([served.status, served.headers.get('content-type'), served.headers.get('cache-control')]).toEqual([200, 'image/jpeg', 'public, max-age=60']);
    await page.getByText(/^Uploaded pictures take \d+ KB of the 1\.0 MB kept for them \((under 1|\d+)%\)\.$/).waitFor();

    // A photo whose files do not fit in what is left: refused beside the file, in the summary.
    const noise = await sharp(randomBytes(1600 * 1200 * 3), { raw: { width: 1600, height: 1200, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
    await page.getByLabel('Picture', { exact: true }).setInputFiles({ name: 'Noise.jpg', mimeType: 'image/jpeg', buffer: noise });
    await page.getByLabel('Alternative text').fill('Coloured noise');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const quota = /^The uploaded pictures take \d+ KB of the 1\.0 MB the site keeps for them, and this one does not fit\./;
    await summary.getByText(quota).waitFor();
    const fileInput = page.getByLabel('Picture', { exact: true });
    expect(await fileInput.getAttribute('aria-invalid')).toBe('true');
    // Beside the field: its description (aria-describedby) holds the server's words.
    const described = await fileInput.evaluate((input) => (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' '));
    expect(described).toMatch(/The uploaded pictures take \d+ KB of the 1\.0 MB/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('.error-summary') !== null)).toBe(true);
    expect(await page.locator('tr[data-picture="noise"]').count()).toBe(0);

    expect(await axeViolations(page, 'body')).toEqual([]);
    await page.screenshot({ path: screenshotPath('console-media-1280'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await axeViolations(page, 'body')).toEqual([]);
    await page.screenshot({ path: screenshotPath('console-media-375'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    await row.getByRole('button', { name: 'Delete lobby-screen' }).click();
    await page.getByRole('alertdialog', { name: 'Delete lobby-screen?' }).getByRole('button', { name: 'Delete picture' }).click();
    await page.getByText('lobby-screen was deleted.').waitFor();
    await row.waitFor({ state: 'detached' });
    expect((await fetch(served.url)).status).toBe(404);
    // The session check before signing in is a 401, as on every console page; the refused upload a 413.
    expect(problems.filter((problem) => !problem.includes('status of 401') && !problem.includes('status of 413'))).toEqual([]);
    await context.close();
  });
});
