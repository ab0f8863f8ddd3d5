// The owner's day in real Chromium against the real server (README.md, "The inbox": What is new,
// Answered, Notes): the unread count beside "Inbox" and in the document title, each state's count
// in the inbox's filter with spam left out by default, a message sent through the public contact
// form appearing in the open inbox without a reload (the 30-second check), and that message
// answered from the page (its address a mailto: reply, its number a tel: link), marked as
// answered and given a note; at 1280 px (the owner) and 375 px (staff, the navigation behind
// "Menu"), axe-clean, nothing scrolling sideways, screenshots for README's owner section.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { launchChromium, screenshotPath, watchProblems } from './support/browser.ts';
import { someActivity } from './support/console-activity.ts';
import { startConsoleServer, type ConsoleServer } from './support/console-server.ts';
import { enrolWithPasskey } from './support/virtual-authenticator.ts';
import { sendContactMessage } from './support/visitor-message.ts';

let browser: Browser;
let server: ConsoleServer;

beforeAll(async () => {
  server = await startConsoleServer('console-inbox-watch');
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});


async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(width);
}

describe('what is new in the console, and answering from a message', () => {
  it('counts unread messages in the navigation and the title, and shows an arrival without a reload (1280 px, the owner)', async () => {
    await someActivity(server.env.DATABASE_URL!);
    const link = await server.invite('owner@lumina.test', 'owner');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await enrolWithPasskey(page, link);
    const nav = page.getByRole('navigation', { name: 'Console' });
    // Today's message is unread: beside "Inbox", and first in the title.
    await nav.getByRole('link', { name: 'Inbox 1 unread', exact: true }).waitFor({ timeout: 15_000 });
    await expect.poll(() => page.title(), { timeout: 10_000 }).toMatch(/^\(1\) Dashboard — Console — /);

    await nav.getByRole('link', { name: 'Inbox 1 unread', exact: true }).click();
    await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
    const state = page.getByRole('combobox', { name: 'Show' });
    await expect.poll(() => state.locator('option').allInnerTexts(), { timeout: 10_000 }).toEqual([
      'Inbox (no spam) (1)',
      'New (1)',
      'Not answered (1)',
      'Read (0)',
      'Spam (0)',
      'Everything, spam included (1)',
    ]);
    expect(await state.inputValue()).toBe('inbox');
    await page.getByRole('button', { name: 'Tell me when a message arrives' }).waitFor();

    // A visitor writes while the inbox is open: the list, the count and the title follow by themselves.
    await sendContactMessage(server.baseUrl, { 'your-name': 'Thandi Nkosi' });
    await page.locator('.inbox-row', { hasText: 'Thandi Nkosi' }).waitFor({ timeout: 45_000 });
    await nav.getByRole('link', { name: 'Inbox 2 unread', exact: true }).waitFor({ timeout: 10_000 });
    await expect.poll(() => page.title()).toMatch(/^\(2\) Inbox — Console — /);
    await page.screenshot({ path: screenshotPath('owner-inbox-what-is-new-1280'), fullPage: false });
    expect(await axeViolations(page, 'body')).toEqual([]);
    await expectNoSidewaysScroll(page, 1280);

    // The message: reply by e-mail or telephone, mark as answered, a note for the others.
    await page.locator('.inbox-row', { hasText: 'Thandi Nkosi' }).getByRole('link').click();
    await page.getByRole('button', { name: 'Mark as answered' }).waitFor({ timeout: 10_000 });
    const reply = await page.getByRole('link', { name: 'Reply to thandi@example.co.za by e-mail' }).getAttribute('href');
    expect(reply).toMatch(/^mailto:thandi@example\.co\.za\?subject=Re%3A%20LED%20video%20walls&body=/);
    expect(await page.getByRole('link', { name: '082 123 4567' }).getAttribute('href')).toBe('tel:0821234567');
    await page.getByRole('button', { name: 'Mark as answered' }).click();
    await page.getByRole('button', { name: 'Mark as not answered' }).waitFor({ timeout: 10_000 });
    await page.getByRole('textbox', { name: 'Add a note' }).fill('Called her back: site visit on Tuesday.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByText('Called her back: site visit on Tuesday.').waitFor({ timeout: 10_000 });
    // Read now (opening it marks it read): the count follows the page change.
    await nav.getByRole('link', { name: 'Inbox 1 unread', exact: true }).waitFor({ timeout: 10_000 });
    await page.screenshot({ path: screenshotPath('owner-message-answered-1280'), fullPage: true });
    expect(await axeViolations(page, 'body')).toEqual([]);
    // The console's own question before signing in (GET /admin/api/session answers 401) is the one line allowed.
    expect(problems.filter((problem) => !problem.includes('status of 401'))).toEqual([]);
    await context.close();
  }, 120_000);

  it('shows the same to staff at 375 px: the count behind "Menu", the filter, the answered message', async () => {
    const link = await server.invite('staff@lumina.test', 'staff');
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, bypassCSP: true, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await enrolWithPasskey(page, link);
    await expect.poll(() => page.title(), { timeout: 15_000 }).toMatch(/^\(1\) Dashboard — Console — /);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Inbox 1 unread', exact: true }).click();
    await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Show' }).locator('option').first().innerText(), { timeout: 10_000 }).toBe('Inbox (no spam) (2)');
    await page.screenshot({ path: screenshotPath('staff-inbox-what-is-new-375'), fullPage: false });
    expect(await axeViolations(page, 'body')).toEqual([]);
    await expectNoSidewaysScroll(page, 375);

    await page.locator('.inbox-row', { hasText: 'Thandi Nkosi' }).getByRole('link').click();
    await page.getByRole('button', { name: 'Mark as not answered' }).waitFor({ timeout: 10_000 });
    await page.getByText('Called her back: site visit on Tuesday.').waitFor();
    await page.screenshot({ path: screenshotPath('staff-message-answered-375'), fullPage: true });
    expect(await axeViolations(page, 'body')).toEqual([]);
    await expectNoSidewaysScroll(page, 375);
    // The console's own question before signing in (GET /admin/api/session answers 401) is the one line allowed.
    expect(problems.filter((problem) => !problem.includes('status of 401'))).toEqual([]);
    await context.close();
  }, 120_000);
});
