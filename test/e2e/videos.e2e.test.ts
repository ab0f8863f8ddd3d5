// The videos in real Chromium at 375 and 1280 px. YouTube is out of reach here: its player host
// is answered by a local stand-in page (Playwright's routing), and every request to YouTube or
// its image host is recorded, so the test can say none was made before a visitor pressed play.
// A film played in place becomes the autoplaying player in its poster's box; a popup film opens
// in the modal dialog from 700 px (Escape closes it, focus back on its play button) and plays in
// place below; axe (WCAG 2.2 AA) passes with the section as it starts and with the popup open.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { videos } from '../support/site-content.ts';
import { VIDEO_POPUP_MIN_WIDTH_PX } from '../../src/machines/shared/theme.constants.ts';
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

const inPlace = videos.items.find((video) => video.display === 'in-place')!;
const popup = videos.items.find((video) => video.display === 'popup')!;
const playName = (title: string) => videos.words.play.replace('%s', title);
const VIDEO_HOSTS = /youtube|ytimg|googlevideo/;

async function open(width: number) {
  const context = await browser.newContext({ viewport: { width, height: width < 700 ? 800 : 900 }, bypassCSP: true });
  const page = await context.newPage();
  const videoRequests: string[] = [];
  page.on('request', (request) => {
    if (VIDEO_HOSTS.test(new URL(request.url()).hostname)) videoRequests.push(request.url());
  });
  // The stand-in player: what the embed URL answers, enough to tell it was asked for.
  await page.route(/^https:\/\/www\.youtube-nocookie\.com\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Player</title><body>stand-in player</body></html>' }),
  );
  await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
  await page.locator('#videos').scrollIntoViewIfNeeded();
  return { context, page, videoRequests };
}

describe('the videos', () => {
  for (const width of [375, 1280]) {
    it(`play in place on a click, with nothing asked of YouTube before, at ${width} px`, async () => {
      const { context, page, videoRequests } = await open(width);
      // Every film is its local poster; the page has asked YouTube for nothing.
      for (const video of videos.items) {
        const button = page.getByRole('button', { name: playName(video.title) });
        await expect(button.locator('img').getAttribute('src')).resolves.toMatch(new RegExp(`^/assets/images/${video.poster.key}-`));
      }
      expect(await page.locator('#videos iframe').count()).toBe(0);
      await page.waitForTimeout(300);
      expect(await axeViolations(page, '#videos')).toEqual([]);
      expect(videoRequests).toEqual([]);

      const box = await page.getByRole('button', { name: playName(inPlace.title) }).boundingBox();
      await page.getByRole('button', { name: playName(inPlace.title) }).click();
      const frame = page.locator(`#videos iframe[title="${inPlace.title}"]`);
      await frame.waitFor();
      expect(await frame.getAttribute('src')).toBe(`https://www.youtube-nocookie.com/embed/${inPlace.youtubeId}?autoplay=1&rel=0`);
      // Same box as the poster: nothing moved.
      expect(await frame.boundingBox()).toEqual(box);
      await expect.poll(() => videoRequests).toEqual([`https://www.youtube-nocookie.com/embed/${inPlace.youtubeId}?autoplay=1&rel=0`]);
      expect(await frame.contentFrame().locator('body').innerText()).toBe('stand-in player');
      await page.screenshot({ path: screenshotPath(`videos-in-place-${width}`) });
      await context.close();
    });
  }

  it(`opens a popup film in a modal dialog from ${VIDEO_POPUP_MIN_WIDTH_PX} px; Escape closes it with the focus back on its play button`, async () => {
    const { context, page, videoRequests } = await open(1280);
    const play = page.getByRole('button', { name: playName(popup.title) });
    await play.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: popup.title });
    await dialog.waitFor();
    expect(await dialog.locator('iframe').getAttribute('title')).toBe(popup.title);
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    await expect.poll(() => videoRequests).toEqual([`https://www.youtube-nocookie.com/embed/${popup.youtubeId}?autoplay=1&rel=0`]);
    await page.screenshot({ path: screenshotPath('videos-popup-1280') });
    expect(await axeViolations(page, `#video-${popup.key}-dialog`)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // The player is gone with the dialog (the film stops); the focus is back on its button.
    expect(await page.locator(`#video-${popup.key}-dialog iframe`).count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(playName(popup.title));
    // Its close button closes it too.
    await play.click();
    await dialog.waitFor();
    await page.getByRole('button', { name: videos.words.close }).click();
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });

  it(`plays a popup film in place below ${VIDEO_POPUP_MIN_WIDTH_PX} px`, async () => {
    const { context, page } = await open(375);
    await page.getByRole('button', { name: playName(popup.title) }).click();
    await page.locator(`#videos .video > .video__frame iframe[title="${popup.title}"]`).waitFor();
    expect(await page.evaluate(() => document.querySelector('dialog[open]'))).toBeNull();
    await context.close();
  });
});
