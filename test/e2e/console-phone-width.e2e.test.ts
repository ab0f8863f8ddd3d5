// The console at a phone's width and a desktop's, in real Chromium against the real server
// (README.md, "The console"; issue 41, part 5). An owner with a long address signs in with a
// passkey; the site has a message, a subscriber, a followed link and a failed backup: its banner
// stands between the header and the page, which still starts within a phone's first screen. A
// backup made now clears it. Then on every page of the navigation, at 375 and 1280 px: nothing scrolls
// sideways, axe finds nothing, no heading breaks inside a word, every button of the page is the
// console's one button style (action-button), and at 375 px the navigation folds behind a
// "Menu" button, the page's h1 starts within the first screen, each table is a list of cards
// (every cell under its column's label) and the signed-in address breaks only after "@" or before
// ".". Screenshots of the dashboard, People, Subscribers and Backups at both widths go to
// .tmp/screenshots/. Its own server on http://localhost:<port> (WebAuthn).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { launchChromium, watchProblems } from './support/browser.ts';
import { someActivity } from './support/console-activity.ts';
import { startMailbox, type Mailbox } from './support/mailbox.ts';
import { startConsoleServer, type ConsoleServer } from './support/console-server.ts';
import { enrolWithPasskey } from './support/virtual-authenticator.ts';

const OWNER = 'operations.manager@lumina-display-engineering.co.za';
const STAFF = 'installations.coordinator@lumina-display-engineering.co.za';
const SCREENSHOTS = '.tmp/screenshots';

let browser: Browser;
let server: ConsoleServer;
let folder: string;
let mailbox: Mailbox;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'site-e2e-phone-width-'));
  // Mail is set up (no mail banner): the banner seen is the failed backup's.
  mailbox = await startMailbox();
  server = await startConsoleServer('phone-width', {
    WEB_CONCURRENCY: '1',
    SMTP_URL: mailbox.smtpUrl,
    MAIL_TO: 'enquiries@lumina.test',
    BACKUP_DIR: join(folder, 'backups'),
    ADDRESS_HASH_KEY_FILE: join(folder, 'address-hash.key'),
  });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mailbox?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Each page of the navigation: its link's name, what shows once its content is there, and its screenshot's name (if any). */
const PAGES: ReadonlyArray<{ link: string; name?: RegExp; ready: (page: Page) => Promise<unknown>; shot?: string }> = [
  { link: 'Dashboard', ready: (page) => page.getByText('The dashboard is up to date.').waitFor(), shot: 'dashboard' },
  // Its name says how many are unread (README.md, "The inbox", What is new).
  { link: 'Inbox', name: /^Inbox( \d+ unread)?$/, ready: (page) => page.locator('.inbox-row').first().waitFor() },
  { link: 'Subscribers', ready: (page) => page.getByRole('row').filter({ hasText: 'reader@example.co.za' }).waitFor(), shot: 'subscribers' },
  { link: 'Link clicks', ready: (page) => page.getByRole('row').filter({ hasText: 'LinkedIn' }).first().waitFor() },
  { link: 'Site content', ready: (page) => page.locator('#console-main h1').waitFor() },
  { link: 'Pictures', ready: (page) => page.locator('[data-picture]').first().waitFor(), shot: 'media' },
  { link: 'People', ready: (page) => page.getByRole('row').filter({ hasText: STAFF }).waitFor(), shot: 'people' },
  { link: 'Audit log', ready: (page) => page.getByRole('row').nth(1).waitFor() },
  { link: 'Privacy requests', ready: (page) => page.locator('#console-main h1').waitFor() },
  { link: 'Backups', ready: (page) => page.getByRole('row').filter({ hasText: /site-backup-/ }).waitFor(), shot: 'backups' },
  { link: 'Account', ready: (page) => page.getByRole('button', { name: /sign out everywhere/i }).waitFor() },
];

/**
 * Where each element's text breaks onto a new line: the characters either side of each break
 * (found from each character's box), with the element's text.
 */
async function lineBreaks(page: Page, selector: string): Promise<Array<{ text: string; breaks: string[] }>> {
  return page.evaluate((css) => {
    // Shown, and not inside a visually hidden part (clipped to nothing: a card's column headings).
    const clipped = (element: Element) => {
      for (let node: Element | null = element; node; node = node.parentElement) if (getComputedStyle(node).clip !== 'auto') return true;
      return false;
    };
    const visible = (element: Element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden' && !clipped(element);
    return [...document.querySelectorAll(css)].filter(visible).map((element) => {
      // Every character in order (a space at a line's end may have no box of its own).
      const all: string[] = [];
      const boxes: Array<{ at: number; top: number; height: number }> = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (let index = 0; index < text.length; index += 1) {
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          const box = range.getClientRects()[0];
          if (box && box.width > 0) boxes.push({ at: all.length, top: box.top, height: box.height });
          all.push(text[index]!);
        }
      }
      const breaks: string[] = [];
      for (let index = 1; index < boxes.length; index += 1) {
        const [before, after] = [boxes[index - 1]!, boxes[index]!];
        if (after.top - before.top > before.height / 2) breaks.push(`${all[after.at - 1]!}|${all[after.at]!}`);
      }
      return { text: element.textContent ?? '', breaks };
    });
  }, selector);
}

/** Where an address may break: after "@" ("@|l") or before "." ("o|."). */
const ADDRESS_BREAK = /^@\||^.\|\.$/;

/** A break between two characters of one word ("B|a", "co.|za"): a line may break only after a space, "-", "/" or "@", or before a space or ".". */
const breaksInsideWords = (elements: Array<{ text: string; breaks: string[] }>) =>
  elements.flatMap(({ text, breaks }) => breaks.filter((pair) => !/^[\s\-/@]\||^.\|[\s.]$/.test(pair)).map((pair) => `${text.trim()}: ${pair}`));

async function checkPage(page: Page, name: string, width: number) {
  const problems = `${name} at ${width} px`;
  const menuButton = page.getByRole('button', { name: 'Menu' });
  const navigation = page.getByRole('navigation', { name: 'Console' });
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth), `${problems} scrolls sideways`).toBeLessThanOrEqual(width);
  expect(await axeViolations(page, 'body'), problems).toEqual([]);
  expect(breaksInsideWords(await lineBreaks(page, '#console-main thead th, #console-main caption, #console-main h1, #console-main h2')), problems).toEqual([]);
  // An address (the signed-in person's, People's) breaks only after "@" or before ".".
  expect((await lineBreaks(page, '.email-address')).flatMap(({ text, breaks }) => breaks.filter((pair) => !ADDRESS_BREAK.test(pair)).map((pair) => `${text}: ${pair}`)), problems).toEqual([]);
  // One button style: every button of the page and its banners (the header draws its own).
  const plainButtons = await page.evaluate(() =>
    [...document.querySelectorAll('button')]
      .filter((button) => !button.closest('.console-header') && button.getClientRects().length > 0 && !button.classList.contains('action-button'))
      .map((button) => button.outerHTML.slice(0, 120)),
  );
  expect(plainButtons, problems).toEqual([]);
  if (width === 375) {
    expect(await menuButton.isVisible(), problems).toBe(true);
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    expect(await navigation.isVisible(), `${problems}: the navigation waits behind the menu button`).toBe(false);
    const h1Top = await page.locator('#console-main h1').evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
    expect(h1Top, `${problems}: the page's heading starts within the first screen`).toBeLessThan(300);
    // Every table is a list of cards: the column headings hidden, each cell under its label.
    const tables = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLTableElement>('#console-main table')]
        .filter((table) => table.getClientRects().length > 0)
        .map((table) => ({
          cards: table.classList.contains('console-table'),
          rowDisplay: [...table.querySelectorAll('tbody tr')].map((row) => getComputedStyle(row).display),
          headHeight: table.tHead?.getBoundingClientRect().height ?? 0,
          unlabelled: [...table.querySelectorAll('tbody th, tbody td')].filter((cell) => !cell.hasAttribute('data-label')).length,
          labels: [...table.querySelectorAll('tbody [data-label]')].slice(0, 3).map((cell) => getComputedStyle(cell, '::before').content),
          columns: table.tHead?.rows[0]?.cells.length ?? 0,
        })),
    );
    for (const table of tables.filter((each) => each.columns > 3)) {
      expect(table, `${problems}: a table of ${table.columns} columns`).toMatchObject({ cards: true, unlabelled: 0 });
      expect(table.headHeight).toBeLessThanOrEqual(1);
      expect(new Set(table.rowDisplay)).toEqual(new Set(['block']));
      for (const label of table.labels) expect(label).not.toBe('none');
    }
  } else {
    expect(await menuButton.isVisible(), problems).toBe(false);
    expect(await navigation.isVisible(), problems).toBe(true);
  }
}

/** The whole page, and at 375 px its first screen too. */
async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `console-${name}.png`), fullPage: true });
  if (page.viewportSize()?.width === 375) await page.screenshot({ path: join(SCREENSHOTS, `console-${name}-first-screen.png`) });
}

describe('the console at 375 and 1280 px', () => {
  it('folds the navigation behind a menu button on a phone, shows tables as cards, one button style, addresses broken only at "@" and "."', async () => {
    await someActivity(server.env.DATABASE_URL!);
    await server.invite(STAFF, 'staff');
    const link = await server.invite(OWNER, 'owner');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await enrolWithPasskey(page, link);

    // The failed backup's banner, at 375 px: the dashboard's heading is still within the first screen.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByText(/^The last backup failed/).waitFor();
    await screenshot(page, 'dashboard-375-backup-failed');
    expect(await page.locator('#console-main h1').evaluate((element) => element.getBoundingClientRect().bottom)).toBeLessThan(800);
    expect(await axeViolations(page, 'body'), 'the backup banner at 375 px').toEqual([]);

    // A backup made now, so the Backups page lists one and the banner goes.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Backups' }).click();
    await page.getByRole('button', { name: 'Back up now' }).click();
    await expect.poll(() => page.locator('.backups-status').textContent(), { timeout: 30_000 }).toMatch(/^The backup is done/);
    await page.reload();
    await page.getByRole('heading', { name: 'Backups', level: 1 }).waitFor();
    expect(await page.locator('.mail-health__banner').count(), 'no banner once a backup succeeded and mail is set up').toBe(0);

    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
      for (const { link: name, name: linkName, ready, shot } of PAGES) {
        if (width === 375) {
          // The menu button opens the navigation (axe-clean open too), a link folds it again.
          const menuButton = page.getByRole('button', { name: 'Menu' });
          await menuButton.click();
          expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
          await page.getByRole('navigation', { name: 'Console' }).waitFor();
          if (name === 'Dashboard') expect(await axeViolations(page, 'body'), 'the open menu at 375 px').toEqual([]);
        }
        await page.getByRole('navigation', { name: 'Console' }).getByRole('link', linkName ? { name: linkName } : { name, exact: true }).click();
        await ready(page);
        await page.waitForFunction(() => !document.querySelector('#console-main [aria-busy="true"]'));
        if (shot) await screenshot(page, `${shot}-${width}`);
        await checkPage(page, name, width);
      }
    }

    // Escape folds the open menu and gives the focus back to its button.
    const menuButton = page.getByRole('button', { name: 'Menu' });
    await menuButton.click();
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Inbox' }).focus();
    await page.keyboard.press('Escape');
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    expect(await menuButton.evaluate((element) => element === document.activeElement)).toBe(true);

    // The long address does wrap at 375 px (checkPage saw where: only after "@" or before ".").
    const address = await lineBreaks(page, '.console-header__email');
    expect(address.map(({ text }) => text)).toEqual([OWNER]);
    expect(address[0]!.breaks.length, 'the address is longer than a phone is wide').toBeGreaterThan(0);

    // The session check before the passkey answers 401: that is the console asking, not a fault.
    expect(problems.filter((problem) => !problem.includes('401'))).toEqual([]);
    await context.close();
  });
});
