// Recovery and adding a passkey in real Chromium (README.md, "How an owner starts", steps 3 and 5;
// "Abuse paths and the limits that stop them", issue 40): an owner who invites a colleague who
// already has access is never shown a link: the recovery link goes to the colleague's own
// mailbox, and enrolling through it adds the colleague's new passkey. An owner whose passkey
// sign-in is older than five minutes is asked to sign in again before adding a passkey.
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { launchChromium, screenshotPath } from './support/browser.ts';
import { startConsoleServer, type ConsoleServer } from './support/console-server.ts';
import { startMailbox, waitForMail, type Mailbox } from './support/mailbox.ts';
import { addVirtualAuthenticator, type VirtualAuthenticator } from './support/virtual-authenticator.ts';

let browser: Browser;
let server: ConsoleServer;
let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startConsoleServer('recovery', { SMTP_URL: mailbox.smtpUrl, MAIL_TO: 'enquiries@lumina.test' });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mailbox?.close();
});

async function enrolled(link: string, width = 1280): Promise<{ context: BrowserContext; page: Page; authenticator: VirtualAuthenticator }> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  const authenticator = await addVirtualAuthenticator(page);
  await page.goto(link);
  await page.getByRole('button', { name: 'Create passkey' }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor({ timeout: 15_000 });
  return { context, page, authenticator };
}

/** The link in a mail, unfolded from quoted-printable. */
function linkIn(raw: string): string {
  const link = /https?:\/\/[^\s"<>]+\/admin\/#\/enrol\/[A-Za-z0-9_-]+/.exec(raw.replace(/=\r?\n/g, ''))?.[0];
  expect(link).toBeDefined();
  return link ?? '';
}

describe('recovery and a new passkey in Chromium', () => {
  it("mails a colleague's recovery link to the colleague alone; the owner's page shows none", async () => {
    const owner = await enrolled(await server.invite('owner@lumina.test', 'owner'));
    const staff = await enrolled(await server.invite('thandi@lumina.test', 'staff'));
    await staff.context.close();

    const { page } = owner;
    await page.goto(`${server.baseUrl}/admin/#/people`);
    await page.getByRole('heading', { name: 'People', level: 1 }).waitFor();
    const form = page.getByRole('form', { name: 'Invite someone' });
    await form.getByLabel('E-mail address').fill('thandi@lumina.test');
    await form.getByLabel('Role').selectOption('staff');
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByRole('heading', { name: 'Recovery link mailed' }).waitFor({ timeout: 15_000 });
    expect(await page.locator('main').innerText()).not.toMatch(/#\/enrol\//);
    expect(await page.getByRole('button', { name: 'Copy link' }).count()).toBe(0);
    expect(await axeViolations(page, 'body')).toEqual([]);
    await page.screenshot({ path: screenshotPath('console-people-recovery-1280') });
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await page.screenshot({ path: screenshotPath('console-people-recovery-375'), fullPage: true });

    // The colleague's own mailbox has the link, saying who asked; it adds her new passkey.
    const mail = await waitForMail(mailbox.url, (message) => message.to.includes('thandi@lumina.test') && /owner@lumina\.test/.test(message.raw.replace(/=\r?\n/g, '')));
    const recovered = await enrolled(linkIn(mail.raw));
    await recovered.page.goto(`${server.baseUrl}/admin/#/account`);
    await recovered.page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
    await expect.poll(() => recovered.page.getByRole('button', { name: /^Remove the passkey/ }).count()).toBe(2);
    await recovered.context.close();
    await owner.context.close();
  });

  it('asks an owner whose passkey sign-in is older than five minutes to sign in again before adding a passkey', async () => {
    const { context, page, authenticator } = await enrolled(await server.invite('second-owner@lumina.test', 'owner'), 375);
    // The session's passkey sign-in, ten minutes ago (the time the server records: migration 0029).
    const file = (server.env.DATABASE_URL ?? '').replace(/^sqlite:/, '');
    const db = new Database(file);
    const changed = db
      .prepare(
        `update console_sessions set signed_in_at = ? where ended_at is null and person_id = (select id from console_people where email = ?)`,
      )
      .run(new Date(Date.now() - 10 * 60_000).toISOString(), 'second-owner@lumina.test');
    db.close();
    expect(changed.changes).toBe(1);

    await page.goto(`${server.baseUrl}/admin/#/account`);
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
    await page.getByLabel('Name for the new passkey (optional)').fill('Phone');
    await page.getByRole('button', { name: 'Add a passkey', exact: true }).click();
    const again = page.getByRole('button', { name: 'Sign in again with your passkey' });
    await again.waitFor({ timeout: 15_000 });
    expect(await page.getByRole('alert').first().innerText()).toMatch(/5 minutes|sign in again/i);
    expect(await axeViolations(page, 'body')).toEqual([]);
    await page.screenshot({ path: screenshotPath('console-account-sign-in-again-375'), fullPage: true });

    await again.click();
    await page.getByText('Signed in again. Add your new passkey within 5 minutes.').waitFor({ timeout: 15_000 });
    expect(await again.count()).toBe(0);
    // The new passkey is another device's (an authenticator refuses a second passkey of one
    // person: the server lists the ones it has as excluded).
    await authenticator.remove();
    await addVirtualAuthenticator(page);
    await page.getByRole('button', { name: 'Add a passkey', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: /^Remove the passkey/ }).count(), { timeout: 15_000 }).toBe(2);
    await page.getByText('Passkey added.').waitFor();
    await expect.poll(() => page.getByText('Phone').count()).toBeGreaterThan(0);
    await context.close();
  });
});
