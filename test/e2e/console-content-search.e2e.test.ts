// Find and replace in real Chromium against the real server (README.md "Editing the site", find
// and replace): the company's phone number is in four places of two documents; the owner
// searches it, opens one place in the editor (at its field), comes back, replaces it in all
// places after the preview, and the public home page serves the new number only (the text, the
// tel: links and the structured data), within 5 s. At 375 and 1280 px, axe-clean, nothing
// scrolls sideways; the screenshots are README's.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { launchChromium, screenshotPath, watchProblems } from './support/browser.ts';
import { startConsoleServer, type ConsoleServer } from './support/console-server.ts';
import { servedByEveryProcess, servedFresh } from './support/served-fresh.ts';
import { enrolWithPasskey } from './support/virtual-authenticator.ts';

const OLD_PHONE = '+27 11 568 4100';
const NEW_PHONE = '+27 10 020 7700';
const telOf = (phone: string) => `tel:${phone.replace(/\s+/g, '')}`;

let browser: Browser;
let server: ConsoleServer;

beforeAll(async () => {
  server = await startConsoleServer('console-content-search');
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const servedHome = async () => (await servedFresh(`${server.baseUrl}/`)).body;

async function expectFits(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), `scrolls sideways at ${width} px`).toBe(true);
  expect(await axeViolations(page, 'main')).toEqual([]);
}

describe('find and replace in Chromium', () => {
  it('finds the phone number in four places, opens one at its field, replaces it in all: the live page has the new number only', async () => {
    const before = await servedHome();
    expect(before).toContain(OLD_PHONE);
    expect(before).toContain(telOf(OLD_PHONE));

    const link = await server.invite('owner@lumina.test', 'owner');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await enrolWithPasskey(page, link);

    await page.goto(`${server.baseUrl}/admin/#/content`);
    await page.getByRole('link', { name: 'Find and replace', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Find and replace' }).waitFor();
    // Nothing written: the error beside the field.
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Find' }).getAttribute('aria-invalid')).toBe('true');

    await page.getByRole('textbox', { name: 'Find' }).fill(OLD_PHONE);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => page.locator('.content-page__status').innerText(), { timeout: 10_000 }).toBe(`\u201c${OLD_PHONE}\u201d is in 4 places in 2 documents.`);
    expect(page.url()).toContain('#/content/search?text=%2B27+11+568+4100');
    const company = page.getByRole('region', { name: 'Company and offices (2 places)' });
    // Each link's name says the document too (for a screen reader's list of links).
    expect(await company.getByRole('link').evaluateAll((links) => links.map((item) => item.textContent))).toEqual(['Edit Company and offices: Phone', 'Edit Company and offices: Offices › item 1 › Phone']);
    expect(await page.getByRole('region', { name: 'Contact form (2 places)' }).locator('mark').allInnerTexts()).toEqual([OLD_PHONE, OLD_PHONE]);
    await expectFits(page, 375);
    await page.screenshot({ path: screenshotPath('console-content-search-375'), fullPage: true });
    await expectFits(page, 1280);
    await page.screenshot({ path: screenshotPath('console-content-search-1280'), fullPage: false });

    // A place's link opens the editor at that field; back is the search again.
    await company.getByRole('link', { name: /Offices › item 1 › Phone$/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Company and offices' }).waitFor();
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value), { timeout: 10_000 }).toBe(OLD_PHONE);
    expect(await page.evaluate(() => document.activeElement?.id)).toMatch(/offices-0-phone$/);
    await page.goBack();
    await expect.poll(() => page.locator('.content-page__status').innerText(), { timeout: 10_000 }).toBe(`\u201c${OLD_PHONE}\u201d is in 4 places in 2 documents.`);

    // The preview: every change, then one note for both revisions.
    await page.getByRole('textbox', { name: `Replace \u201c${OLD_PHONE}\u201d with` }).fill(NEW_PHONE);
    await page.getByRole('button', { name: 'Preview the changes' }).click();
    const preview = page.getByRole('region', { name: `Replace \u201c${OLD_PHONE}\u201d with \u201c${NEW_PHONE}\u201d in 4 places?` });
    await preview.waitFor();
    expect(await page.locator('ins').evaluateAll((inserted) => inserted.map((item) => item.textContent))).toEqual(Array(4).fill(`becomes ${NEW_PHONE}`));
    await preview.getByRole('textbox', { name: 'What changed (optional)' }).fill('The new switchboard number');
    await expectFits(page, 375);
    await page.screenshot({ path: screenshotPath('console-content-replace-375'), fullPage: true });
    await expectFits(page, 1280);
    await page.screenshot({ path: screenshotPath('console-content-replace-1280'), fullPage: false });

    const started = Date.now();
    await preview.getByRole('button', { name: 'Replace in 4 places' }).click();
    await expect.poll(() => page.locator('.content-page__status').innerText(), { timeout: 30_000 }).toMatch(
      new RegExp(`^Replaced \u201c\\${OLD_PHONE}\u201d with \u201c\\${NEW_PHONE}\u201d in 4 places, live on the site within seconds: Company and offices \\(revision 1\\), Contact form \\(revision 1\\)\\.`),
    );
    // Live: the served home page has the new number and not the old, in every form it takes,
    // from every process of the server (four requests on new connections).
    const numbers = ({ body }: { body: string }) => ({ old: body.includes(OLD_PHONE) || body.includes(telOf(OLD_PHONE)), new: body.includes(NEW_PHONE) && body.includes(telOf(NEW_PHONE)) });
    await expect.poll(() => servedByEveryProcess(`${server.baseUrl}/`, numbers), { timeout: 5_000, interval: 100 }).toEqual(Array(4).fill({ old: false, new: true }));
    expect(Date.now() - started).toBeLessThan(35_000);

    const visitor = await browser.newContext({ viewport: { width: 375, height: 800 } });
    try {
      const publicPage = await visitor.newPage();
      await publicPage.goto(`${server.baseUrl}/`);
      const text = await publicPage.locator('body').innerText();
      expect(text).toContain(NEW_PHONE);
      expect(text).not.toContain(OLD_PHONE);
    } finally {
      await visitor.close();
    }

    // Searched again: nothing left; the revisions carry the one note.
    await page.getByRole('button', { name: `Search again for \u201c${OLD_PHONE}\u201d` }).click();
    await expect.poll(() => page.locator('.content-page__status').innerText(), { timeout: 10_000 }).toBe(`\u201c${OLD_PHONE}\u201d is not in any live document.`);
    await page.goto(`${server.baseUrl}/admin/#/content/contactForm/revisions`);
    await expect.poll(() => page.locator('.content-revisions__note').first().innerText(), { timeout: 10_000 }).toBe('\u201cThe new switchboard number\u201d');
    // The console's first question (is there a session?) is a 401 before the passkey is made.
    expect(problems.filter((problem) => !problem.includes('status of 401'))).toEqual([]);
    await context.close();
  }, 180_000);
});
