// Acting on many at once in real Chromium against the real server (README.md, "The inbox":
// acting on several at once; "The console": subscribers): three visitors' messages through the
// public contact form;
// the owner (1280 px) chooses the whole page, marks it read (the outcome announced, the unread
// count beside "Inbox" gone), exports the chosen ones, deletes one after the question; staff
// (375 px) mark one as spam (no Delete offered to them) and find it under Spam; the owner (375
// px) unsubscribes two subscribers at their request, a blank note refused beside its field.
// Axe-clean, nothing scrolling sideways, screenshots for README's owner section.
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { launchChromium, screenshotPath, watchProblems } from './support/browser.ts';
import { startConsoleServer, type ConsoleServer } from './support/console-server.ts';
import { enrolWithPasskey } from './support/virtual-authenticator.ts';
import { sendContactMessage } from './support/visitor-message.ts';

let browser: Browser;
let server: ConsoleServer;

const SENDERS = ['Thandi Nkosi', 'Pieter van Wyk', 'Ayesha Patel'];


/** Subscribed people, written as the server would (README.md, "The console": subscribers). */
function seedSubscribers(databaseUrl: string, emails: readonly string[]): void {
  const at = new Date(Date.now() - 86_400_000).toISOString();
  const db = new Database(databaseUrl.slice('sqlite:'.length));
  try {
    for (const email of emails) {
      const row = db
        .prepare("insert into newsletter_subscribers (email, status, lists, attributes, dates, form_id, created_at, updated_at, confirmed_at) values (?, 'subscribed', '[2]', '{}', '{}', 1, ?, ?, ?)")
        .run(email, at, at, at);
      db.prepare("insert into newsletter_consents (subscriber_id, action, form_id, wording, lists, created_at) values (?, 'confirm', 1, 'I agree.', '[2]', ?)").run(row.lastInsertRowid, at);
    }
  } finally {
    db.close();
  }
}

const READERS = ['buyer@acme.example', 'facilities@acme.example', 'reader@example.co.za'];

beforeAll(async () => {
  server = await startConsoleServer('console-bulk');
  browser = await launchChromium();
  for (const name of SENDERS) await sendContactMessage(server.baseUrl, { 'your-name': name, 'your-email': `${name.split(' ')[0]!.toLowerCase()}@example.co.za` });
  seedSubscribers(server.env.DATABASE_URL!, READERS);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(width);
}

const toolbarStatus = (page: Page) => page.locator('.bulk-toolbar__status');
const rowOf = (page: Page, name: string) => page.locator('.inbox-row', { hasText: name });

describe('acting on several at once', () => {
  it('chooses the page, marks it read, exports the chosen, deletes one after the question (the owner, 1280 px)', async () => {
    const link = await server.invite('owner@lumina.test', 'owner');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await enrolWithPasskey(page, link);
    const nav = page.getByRole('navigation', { name: 'Console' });
    await nav.getByRole('link', { name: 'Inbox 3 unread', exact: true }).click({ timeout: 15_000 });
    await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
    for (const name of SENDERS) await rowOf(page, name).waitFor({ timeout: 10_000 });

    // The whole page chosen: the count, the actions, and the export of exactly these.
    await page.getByRole('checkbox', { name: 'Choose every message on this page' }).check();
    await page.getByText('3 messages chosen.').waitFor();
    for (const name of SENDERS) expect(await rowOf(page, name).getByRole('checkbox').isChecked()).toBe(true);
    const exportHref = await page.getByRole('link', { name: 'Export the chosen messages (CSV)' }).getAttribute('href');
    const exportUrl = new URL(exportHref!, server.baseUrl);
    expect(exportUrl.pathname).toBe('/admin/api/messages/export.csv');
    expect(exportUrl.searchParams.get('ids')!.split(',')).toHaveLength(3);
    const csv = await page.evaluate(async (href) => (await fetch(href)).text(), exportHref!);
    for (const name of SENDERS) expect(csv).toContain(name);
    await page.screenshot({ path: screenshotPath('owner-inbox-bulk-chosen-1280'), fullPage: false });
    expect(await axeViolations(page, 'body')).toEqual([]);

    // Marked as read in one request: announced, the boxes cleared, nothing unread left.
    await page.getByRole('button', { name: 'Mark as read' }).click();
    await expect.poll(() => toolbarStatus(page).innerText(), { timeout: 10_000 }).toBe('3 messages marked as read.');
    expect(await toolbarStatus(page).getAttribute('role')).toBe('status');
    await nav.getByRole('link', { name: 'Inbox', exact: true }).waitFor({ timeout: 10_000 });
    await expect.poll(() => page.locator('.inbox-row--new').count(), { timeout: 10_000 }).toBe(0);
    expect(await page.getByRole('checkbox', { name: 'Choose every message on this page' }).isChecked()).toBe(false);

    // One deleted, after the question; cancelling first keeps it.
    await rowOf(page, 'Pieter van Wyk').getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    // The question is an alert (the mail banner, "Mail is not set up", is another).
    const question = page.getByRole('alert').filter({ hasText: 'This cannot be undone.' });
    await expect.poll(() => question.innerText()).toContain('1 message: delete them, with their attachments? This cannot be undone.');
    await page.screenshot({ path: screenshotPath('owner-inbox-bulk-delete-1280'), fullPage: false });
    expect(await axeViolations(page, 'body')).toEqual([]);
    await question.getByRole('button', { name: 'Cancel' }).click();
    expect(await rowOf(page, 'Pieter van Wyk').getByRole('checkbox').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await question.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => toolbarStatus(page).innerText(), { timeout: 10_000 }).toBe('1 message deleted.');
    await expect.poll(() => rowOf(page, 'Pieter van Wyk').count(), { timeout: 10_000 }).toBe(0);
    expect(await rowOf(page, 'Thandi Nkosi').count()).toBe(1);
    await expectNoSidewaysScroll(page, 1280);
    // The console's own question before signing in (GET /admin/api/session answers 401) is the one line allowed.
    expect(problems.filter((problem) => !problem.includes('status of 401'))).toEqual([]);
    await context.close();
  }, 120_000);

  it('lets staff mark one as spam, offers them no Delete, and the message is under Spam (375 px)', async () => {
    const link = await server.invite('staff@lumina.test', 'staff');
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, bypassCSP: true, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await enrolWithPasskey(page, link);
    await page.goto(`${server.baseUrl}/admin/#/messages`);
    await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
    await rowOf(page, 'Ayesha Patel').waitFor({ timeout: 10_000 });

    await rowOf(page, 'Ayesha Patel').getByRole('checkbox').tap();
    await page.getByText('1 message chosen.').waitFor();
    expect(await page.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
    await page.screenshot({ path: screenshotPath('staff-inbox-bulk-chosen-375'), fullPage: false });
    expect(await axeViolations(page, 'body')).toEqual([]);
    await expectNoSidewaysScroll(page, 375);

    await page.getByRole('button', { name: 'Mark as spam' }).tap();
    await expect.poll(() => toolbarStatus(page).innerText(), { timeout: 10_000 }).toBe('1 message marked as spam.');
    // Spam is left out of the default view: it has gone from the list, and is under Spam.
    await expect.poll(() => rowOf(page, 'Ayesha Patel').count(), { timeout: 10_000 }).toBe(0);
    await page.getByRole('combobox', { name: 'Show' }).selectOption('spam');
    await rowOf(page, 'Ayesha Patel').waitFor({ timeout: 10_000 });
    expect(await rowOf(page, 'Ayesha Patel').innerText()).toContain('marked as spam by staff@lumina.test');
    await expectNoSidewaysScroll(page, 375);
    expect(problems.filter((problem) => !problem.includes('status of 401'))).toEqual([]);
    await context.close();
  }, 120_000);

  it('unsubscribes two subscribers at their request with one note, a blank note refused beside its field (the owner, 375 px)', async () => {
    const link = await server.invite('newsletter@lumina.test', 'owner');
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, bypassCSP: true, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await enrolWithPasskey(page, link);
    await page.goto(`${server.baseUrl}/admin/#/subscribers`);
    await page.getByRole('heading', { name: 'Subscribers', level: 1 }).waitFor();
    const box = (email: string) => page.getByRole('checkbox', { name: `Choose ${email}` });
    await box(READERS[0]!).waitFor({ timeout: 10_000 });
    await box(READERS[0]!).tap();
    await box(READERS[1]!).tap();
    await page.getByText('2 subscribers chosen.').waitFor();
    await page.getByRole('button', { name: 'Unsubscribe at their request' }).tap();
    const form = page.getByRole('form', { name: /unsubscribe them at their request\?/ });
    await form.getByRole('button', { name: 'Unsubscribe at their request' }).tap();
    const note = form.getByRole('textbox', { name: /^Note/ });
    await expect.poll(() => note.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(await note.getAttribute('id'));
    expect(await form.innerText()).toContain('Write why the person is unsubscribed (for example: “Asked by phone on 20 November”).');
    await page.screenshot({ path: screenshotPath('owner-subscribers-bulk-note-375'), fullPage: false });
    expect(await axeViolations(page, 'body')).toEqual([]);
    await expectNoSidewaysScroll(page, 375);

    await note.fill('Their company asked by e-mail on 4 December');
    await form.getByRole('button', { name: 'Unsubscribe at their request' }).tap();
    await expect.poll(() => toolbarStatus(page).innerText(), { timeout: 10_000 }).toBe('2 subscribers unsubscribed.');
    const rowOfReader = (email: string) => page.locator('.subscribers-table tbody tr', { hasText: email });
    await expect.poll(() => rowOfReader(READERS[0]!).innerText(), { timeout: 10_000 }).toContain('Unsubscribed');
    expect(await rowOfReader(READERS[1]!).innerText()).toContain('Unsubscribed');
    expect(await rowOfReader(READERS[2]!).innerText()).toContain('Subscribed');
    expect(problems.filter((problem) => !problem.includes('status of 401'))).toEqual([]);
    await context.close();
  }, 120_000);
});
