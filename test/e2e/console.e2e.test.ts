// The console in real Chromium against the real server (README.md, "The console"): an owner is
// invited from the command line, opens the link, registers a passkey with Chromium's virtual
// authenticator (the DevTools protocol's WebAuthn domain), lands in the inbox; a message sent
// through the public contact form appears there and is found by search; the owner opens it,
// exports the filter as CSV, signs out, and the API refuses the old session. WebAuthn refuses IP
// addresses as relying-party ids, so this file runs its own server on http://localhost:<port>.
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { launchChromium, screenshotPath, watchProblems } from './support/browser.ts';
import { startConsoleServer, type ConsoleServer } from './support/console-server.ts';
import { startMailbox, waitForMail, type Mailbox } from './support/mailbox.ts';
import { addVirtualAuthenticator } from './support/virtual-authenticator.ts';

const MAIL_TO = 'enquiries@lumina.test';
let browser: Browser;
let server: ConsoleServer;
let mailbox: Mailbox;
let baseUrl: string;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startConsoleServer('console', { SMTP_URL: mailbox.smtpUrl, MAIL_TO, WEB_CONCURRENCY: '2' });
  baseUrl = server.baseUrl;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mailbox?.close();
});

const invite = (email: string, role: 'owner' | 'staff') => server.invite(email, role);

async function consoleContext(width: number): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  // bypassCSP: axe is injected into the page.
  const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true, acceptDownloads: true });
  const page = await context.newPage();
  await addVirtualAuthenticator(page);
  return { context, page, problems: watchProblems(page) };
}

async function sendContactMessage(stamp: string): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/#contact`, { waitUntil: 'networkidle' });
  await page.locator('#contact .wpcf7.js').waitFor();
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByLabel('Full name').fill(`Zanele Dube ${stamp}`);
  await form.getByLabel('Email address').fill('zanele@example.co.za');
  await form.getByLabel('What can we help with?').selectOption('LED video walls');
  await form.getByLabel('Your message').fill(`A video wall for our Sandton reception, reference ${stamp}.`);
  await form.getByRole('checkbox', { name: /I agree/ }).check();
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect.poll(() => form.locator('.wpcf7-response-output').innerText(), { timeout: 15_000 }).toMatch(/Thank you for your message/);
  await context.close();
}

describe('the console in Chromium', () => {
  it('invitation → passkey → inbox → the public form\'s message, found by search → export → sign out → the API refuses', async () => {
    const link = await invite('owner@lumina.test', 'owner');
    // Mailed too, since SMTP is configured.
    const invitationMail = await waitForMail(mailbox.url, (message) => message.to.includes('owner@lumina.test'));
    // Quoted-printable: a long line is folded with `=` at the end.
    expect(invitationMail.raw.replace(/=\r?\n/g, '')).toContain(link);

    const { context, page, problems } = await consoleContext(1280);
    await page.goto(link);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByText('owner@lumina.test').first().waitFor();
    expect(await axeViolations(page, 'body')).toEqual([]);
    await page.getByRole('button', { name: 'Create passkey' }).click();
    // The console's home is the dashboard; the inbox is one link away.
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor({ timeout: 15_000 });
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Inbox' }).click();
    await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
    await page.screenshot({ path: screenshotPath('console-inbox-empty-1280') });

    const stamp = `e2e${Date.now().toString(36)}`;
    await sendContactMessage(stamp);

    // The inbox lists it (newest first) and finds it by a word of its text.
    await page.reload();
    const search = page.getByLabel('Search', { exact: true });
    await search.fill(stamp);
    const row = page.locator('.inbox-row', { hasText: `Zanele Dube ${stamp}` }).getByRole('link');
    await row.waitFor({ timeout: 10_000 });
    expect(await axeViolations(page, 'body')).toEqual([]);
    await page.screenshot({ path: screenshotPath('console-inbox-search-1280') });
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    expect(await axeViolations(page, 'body')).toEqual([]);
    await page.screenshot({ path: screenshotPath('console-inbox-search-375'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The message, whole.
    await row.click();
    await page.getByText(`A video wall for our Sandton reception, reference ${stamp}.`).waitFor();
    await page.getByText('zanele@example.co.za').first().waitFor();
    expect(await axeViolations(page, 'body')).toEqual([]);
    await page.screenshot({ path: screenshotPath('console-message-1280') });
    await page.goBack();

    // Export the current filter: a CSV with a BOM, the message in it.
    await search.fill(stamp);
    await row.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /Export CSV/ }).click()]);
    const csv = await readFile((await download.path())!);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.toString('utf8')).toContain(`Zanele Dube ${stamp}`);
    expect(download.suggestedFilename()).toMatch(/^messages-\d{4}-\d{2}-\d{2}\.csv$/);

    // Sign out: the page goes back to sign-in, and the API refuses the session that was.
    const cookies = await context.cookies(`${baseUrl}/admin/`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
    const old = cookies.find((cookie) => cookie.name === 'console_session');
    expect(old?.httpOnly).toBe(true);
    expect(old?.sameSite).toBe('Strict');
    const refused = await fetch(`${baseUrl}/admin/api/session`, { headers: { cookie: `console_session=${old?.value}` } });
    expect(refused.status).toBe(401);

    // And signs in again with the same passkey: Chromium's virtual authenticator answers the
    // sign-in page's passkey autofill (conditional mediation) at once, where a person would pick
    // the passkey from the field's suggestions. The address still names the inbox.
    await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor({ timeout: 15_000 });
    const again = (await context.cookies(`${baseUrl}/admin/`)).find((cookie) => cookie.name === 'console_session');
    expect(again?.value).not.toBe(old?.value);
    // The one refusal the browser logs is the signed-out console's own session check (401 by
    // design: README.md, "Refusal codes"); nothing else failed.
    expect(problems.filter((problem) => !problem.includes('status of 401'))).toEqual([]);
    await context.close();
  });

  it.each([375, 1280])('shows the sign-in page without WCAG 2.2 AA violations at %i px', async (width) => {
    const { context, page } = await consoleContext(width);
    await page.goto(`${baseUrl}/admin/`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
    expect(await axeViolations(page, 'body')).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await page.screenshot({ path: screenshotPath(`console-sign-in-${width}`) });
    await context.close();
  });
});
