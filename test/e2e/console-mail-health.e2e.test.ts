// Mail health in real Chromium against the real server (README.md, "Mail health"): each named
// state as the owner meets it, with a real outbox worker and real SMTP servers started here:
// none set (no SMTP_URL, no MAIL_TO: the first day of a new site), one that refuses the login,
// one that is down (nothing listens at SMTP_URL), one with a self-signed certificate, one that
// works but MAIL_TO unset, and one that works. In each the banner and the dashboard's tile say the state, its cause and the owner's
// next step (they said "Mail is going out." with no SMTP set before, and later "Mail is not
// being delivered" with no cause); /healthz says the same state; "Try again now" on a message
// says what happened (it said nothing before); a waiting subscriber's confirmation mail is never
// "sent". axe finds nothing at 1280 and 375 px; screenshots of each state at both widths. Each
// server is its own, on http://localhost:<port> (WebAuthn refuses IP addresses).
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../server/helpers/smtp-sink.ts';
import { axeViolations } from './support/axe.ts';
import { launchChromium, screenshotPath, watchProblems } from './support/browser.ts';
import { startConsoleServer, type ConsoleServer } from './support/console-server.ts';
import { freePort } from './support/free-port.ts';
import { enrolWithPasskey } from './support/virtual-authenticator.ts';

const MAIL_TO = 'enquiries@lumina.test';
const READER = 'reader@example.co.za';
const TEST_MS = 150_000;

let browser: Browser;
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  browser = await launchChromium();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(async () => {
  await browser?.close();
});

/** A contact message (its company copy to `to`; '' when MAIL_TO is unset) and a sign-up waiting for its confirmation mail, as the server writes them. */
function seed(server: ConsoleServer, to: string): { messageId: number; subscriberId: number } {
  const db = new Database(server.env.DATABASE_URL!.slice('sqlite:'.length));
  try {
    const now = new Date().toISOString();
    const fields = { 'your-name': 'Thandi Nkosi', 'your-email': 'thandi@example.co.za', 'your-subject': 'LED wall for a conference', 'your-message': 'We need a 6 m wall for three days in April.' };
    const message = db
      .prepare("insert into submissions (form_id, status, posted_data, posted_data_hash, created_at, spam, meta) values ('5', 'mail_sent', ?, 'x', ?, 0, '{}')")
      .run(JSON.stringify(fields), now);
    const mail = db.prepare("insert into outbox (submission_id, channel, to_address, reply_to, subject, body, headers, attachments, next_attempt_at, created_at) values (?, 'mail', ?, null, ?, ?, '{}', '[]', ?, ?)");
    mail.run(message.lastInsertRowid, to, 'Website enquiry: LED wall for a conference', 'We need a 6 m wall for three days in April.', now, now);
    const change = JSON.stringify({ key: 'k', lists: [2], sms: null, attributes: '{}', dates: '{}', formId: 1, wording: 'I agree.' });
    const subscriber = db
      .prepare("insert into newsletter_subscribers (email, status, lists, attributes, dates, form_id, created_at, updated_at, confirmation_sent_at, pending_change) values (?, 'pending', '[2]', '{}', '{}', 1, ?, ?, ?, ?)")
      .run(READER, now, now, now, change);
    db.prepare("insert into newsletter_consents (subscriber_id, action, form_id, wording, lists, created_at) values (?, 'subscribe', 1, 'I agree.', '[2]', ?)").run(subscriber.lastInsertRowid, now);
    mail.run(null, READER, 'Please confirm', 'Confirm: https://example.co.za/newsletter/confirm/?token=t', now, now);
    return { messageId: Number(message.lastInsertRowid), subscriberId: Number(subscriber.lastInsertRowid) };
  } finally {
    db.close();
  }
}

/** The site's own server with `env`, and its outbox seeded. */
async function site(name: string, env: Record<string, string>, to: string) {
  const server = await startConsoleServer(`mail-${name}`, { WEB_CONCURRENCY: '1', ...env });
  cleanups.push(() => server.stop());
  return { server, ...seed(server, to) };
}

async function healthzMail(server: ConsoleServer): Promise<string> {
  return ((await (await fetch(`${server.baseUrl}/healthz`)).json()) as { mail: string }).mail;
}

/** The owner, invited from the command line, signed in on the dashboard. */
async function signIn(server: ConsoleServer): Promise<{ page: Page; problems: string[]; close: () => Promise<void> }> {
  const link = await server.invite('owner@lumina.test', 'owner');
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  const problems = watchProblems(page);
  await enrolWithPasskey(page, link);
  await expect.poll(() => page.getByRole('status').filter({ hasText: 'dashboard' }).innerText(), { timeout: 10_000 }).toBe('The dashboard is up to date.');
  return { page, problems, close: () => context.close() };
}

const banner = (page: Page) => page.locator('.mail-health').filter({ has: page.locator('.mail-health__headline') });
const tile = (page: Page) => page.locator('section.dashboard-tile').filter({ has: page.getByRole('heading', { name: 'Mail health', level: 2 }) });

/** The dashboard loaded again (the banner asks the server again as the console opens). */
async function dashboardAgain(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/admin/#/`);
  await page.reload();
  await expect.poll(() => page.getByRole('status').filter({ hasText: 'dashboard' }).innerText(), { timeout: 10_000 }).toBe('The dashboard is up to date.');
}

/** The banner and the tile say the state; axe finds nothing; screenshots at 1280 and 375 px. */
async function expectMailState(page: Page, name: string, words: { headline: string | RegExp; next: RegExp | null; stateRow: string }) {
  if (words.next === null) {
    await expect.poll(() => banner(page).count()).toBe(0);
  } else {
    await expect.poll(() => banner(page).locator('.mail-health__headline').innerText(), { timeout: 10_000 }).toMatch(words.headline);
    expect(await banner(page).getAttribute('role')).toBe('alert');
    expect(await banner(page).innerText()).toMatch(words.next);
    expect(await tile(page).getByText('What to do:').locator('..').innerText()).toMatch(words.next);
  }
  expect(await tile(page).locator('.dashboard-mail__state').innerText()).toMatch(words.headline);
  expect(await tile(page).getByRole('table', { name: 'Mail health' }).getByRole('row', { name: /^State / }).innerText()).toContain(words.stateRow);
  expect(await axeViolations(page, 'body')).toEqual([]);
  await page.screenshot({ path: screenshotPath(`console-mail-${name}-1280`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  expect(await axeViolations(page, 'body')).toEqual([]);
  await page.screenshot({ path: screenshotPath(`console-mail-${name}-375`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** "Try again now" on the message, and what the status then says. */
async function tryAgainNow(page: Page, baseUrl: string, messageId: number): Promise<string> {
  await page.goto(`${baseUrl}/admin/#/messages/${messageId}`);
  await page.getByRole('button', { name: 'Try again now' }).click();
  const status = page.locator('.message-status');
  await expect.poll(() => status.innerText(), { timeout: 30_000 }).not.toMatch(/^$|Trying its mail now|Marking it as read|Working/);
  return status.innerText();
}

describe('mail health in Chromium', () => {
  it('none set: mail is not set up (SMTP_URL, and MAIL_TO with it); "Try again now" says nothing can be tried; the confirmation is waiting, not sent', async () => {
    const { server, messageId, subscriberId } = await site('none', {}, '');
    expect(await healthzMail(server)).toBe('notConfigured');
    const { page, problems, close } = await signIn(server);
    await expectMailState(page, 'not-configured', {
      headline: 'Mail is not set up: nothing is being sent.',
      next: /Ask whoever runs the server to set SMTP_URL .* Set MAIL_TO to the company’s address at the same time/,
      stateRow: 'Not set up (SMTP_URL)',
    });
    expect(await tile(page).innerText()).toMatch(/2 waiting, the oldest since/);

    expect(await tryAgainNow(page, server.baseUrl, messageId)).toBe(
      'Not sent: mail is not set up (SMTP_URL is not set on the server), so nothing can be tried. The mail waits and goes out once SMTP_URL is set.',
    );
    expect(await axeViolations(page, 'body')).toEqual([]);
    await page.screenshot({ path: screenshotPath('console-mail-try-again-not-configured-1280'), fullPage: true });

    await page.goto(`${server.baseUrl}/admin/#/subscribers/${subscriberId}`);
    const waiting = page.locator('dl.subscriber-facts dt', { hasText: 'Waiting for confirmation' }).locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => waiting.innerText(), { timeout: 10_000 }).toMatch(/confirmation mail waiting since .*: mail is not set up \(SMTP_URL\), nothing is sent$/);
    expect(await waiting.innerText()).not.toMatch(/mail sent/);
    expect(problems.filter((problem) => !problem.includes('status of 401'))).toEqual([]);
    await close();
  }, TEST_MS);

  it('an SMTP server that refuses the login: failing, its answer and what to check; "Try again now" says so, then "Sent" once the login works, and mail goes out again', async () => {
    const smtp: SmtpSink = await startSmtpSink(0, { login: { user: 'site', pass: 'right-password', accepted: false } });
    cleanups.push(() => smtp.close());
    const { server, messageId, subscriberId } = await site('login', { SMTP_URL: smtp.url, MAIL_TO }, MAIL_TO);
    await expect.poll(() => healthzMail(server), { timeout: 30_000 }).toBe('failing');
    const { page, problems, close } = await signIn(server);
    await expectMailState(page, 'failing-login', {
      headline: 'Mail is failing: the mail server refused the login.',
      next: /Check the user name and password in SMTP_URL with your mail provider/,
      stateRow: 'Failing: the login is refused',
    });
    expect(await banner(page).innerText()).toMatch(/The mail server answered: “Invalid login: 535 Authentication credentials invalid”\. Failing since .*\. No mail has gone out yet\./);

    expect(await tryAgainNow(page, server.baseUrl, messageId)).toMatch(
      /^Not sent: the mail server refused the login\. It answered: “Invalid login: 535 Authentication credentials invalid”\. It is tried again by itself, next on .*\. Check the user name and password in SMTP_URL/,
    );
    await page.screenshot({ path: screenshotPath('console-mail-try-again-failing-1280'), fullPage: true });
    await page.goto(`${server.baseUrl}/admin/#/subscribers/${subscriberId}`);
    const waiting = page.locator('dl.subscriber-facts dt', { hasText: 'Waiting for confirmation' }).locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => waiting.innerText(), { timeout: 10_000 }).toMatch(/confirmation mail failing since .*: the mail server answered “Invalid login: 535 Authentication credentials invalid”; next try /);

    // The password is put right at the mail server: the message's mail goes at "Try again now".
    smtp.acceptLogin(true);
    expect(await tryAgainNow(page, server.baseUrl, messageId)).toBe('Sent: the mail server accepted its mail.');
    expect(await page.locator('.message-delivery').innerText()).toMatch(/^Sent at .* \(the mail server accepted it\)\.$/);
    expect(smtp.received.map((mail) => mail.to)).toContainEqual([MAIL_TO]);
    // The confirmation and the owner's invitation still wait for their own next try: mail goes out again, two mails waiting.
    await dashboardAgain(page, server.baseUrl);
    await expectMailState(page, 'delivering', { headline: /^Mail is going out: 2 waiting, the oldest since /, next: null, stateRow: 'Going out' });
    expect(await tile(page).getByRole('img', { name: 'Mail is going out' }).count()).toBe(1);
    expect(await healthzMail(server)).toBe('delivering');
    expect(problems.filter((problem) => !problem.includes('status of 401'))).toEqual([]);
    await close();
  }, TEST_MS);

  it('an SMTP server that works: healthy, nothing waiting, when mail last went out', async () => {
    const smtp = await startSmtpSink();
    cleanups.push(() => smtp.close());
    const { server } = await site('works', { SMTP_URL: smtp.url, MAIL_TO }, MAIL_TO);
    await expect.poll(() => smtp.received.length, { timeout: 30_000 }).toBe(2);
    await expect.poll(() => healthzMail(server), { timeout: 10_000 }).toBe('healthy');
    const { page, problems, close } = await signIn(server);
    // The owner's invitation, mailed by the command line, goes at the worker's next poll.
    await expect.poll(() => smtp.received.length, { timeout: 30_000 }).toBe(3);
    await expect.poll(() => healthzMail(server), { timeout: 10_000 }).toBe('healthy');
    await dashboardAgain(page, server.baseUrl);
    await expectMailState(page, 'healthy', { headline: 'Mail is going out: nothing is waiting.', next: null, stateRow: 'Going out' });
    expect(await tile(page).innerText()).toMatch(/Mail last went out on /);
    expect(problems.filter((problem) => !problem.includes('status of 401'))).toEqual([]);
    await close();
  }, TEST_MS);

  it('an SMTP server that is down: failing, the server cannot be reached, and what to check', async () => {
    const port = await freePort();
    const { server, messageId } = await site('down', { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_TO }, MAIL_TO);
    await expect.poll(() => healthzMail(server), { timeout: 30_000 }).toBe('failing');
    const { page, problems, close } = await signIn(server);
    await expectMailState(page, 'failing-connection', {
      headline: 'Mail is failing: the mail server cannot be reached.',
      next: /Check the host and port in SMTP_URL/,
      stateRow: 'Failing: the server cannot be reached',
    });
    expect(await banner(page).innerText()).toMatch(/The mail server answered: “connect ECONNREFUSED 127\.0\.0\.1:\d+”/);
    expect(await tryAgainNow(page, server.baseUrl, messageId)).toMatch(/^Not sent: the mail server could not be reached\. It answered: “connect ECONNREFUSED 127\.0\.0\.1:\d+”\./);
    expect(problems.filter((problem) => !problem.includes('status of 401'))).toEqual([]);
    await close();
  }, TEST_MS);

  it('an SMTP server whose certificate is self-signed: failing, the certificate not accepted, and what to check', async () => {
    const smtp = await startSmtpSink(0, { secure: true });
    cleanups.push(() => smtp.close());
    const { server } = await site('certificate', { SMTP_URL: smtp.url, MAIL_TO }, MAIL_TO);
    await expect.poll(() => healthzMail(server), { timeout: 30_000 }).toBe('failing');
    const { page, problems, close } = await signIn(server);
    await expectMailState(page, 'failing-certificate', {
      headline: 'Mail is failing: the mail server’s certificate was not accepted.',
      next: /Check that the host in SMTP_URL is the name on your provider’s certificate .* smtps:\/\/ for port 465 and smtp:\/\/ for port 587/,
      stateRow: 'Failing: the certificate is refused',
    });
    expect(await banner(page).innerText()).toMatch(/The mail server answered: “.*certificate.*”/);
    expect(smtp.received).toHaveLength(0);
    expect(problems.filter((problem) => !problem.includes('status of 401'))).toEqual([]);
    await close();
  }, TEST_MS);

  it('MAIL_TO unset: the company’s copy has no recipient, said with what to set; the subscriber’s confirmation is sent', async () => {
    const smtp = await startSmtpSink();
    cleanups.push(() => smtp.close());
    const { server, messageId, subscriberId } = await site('no-company-address', { SMTP_URL: smtp.url, MAIL_FROM: 'website@lumina.test' }, '');
    await expect.poll(() => smtp.received.length, { timeout: 30_000 }).toBe(1);
    expect(await healthzMail(server)).toBe('noCompanyAddress');
    const { page, problems, close } = await signIn(server);
    await expectMailState(page, 'no-company-address', {
      headline: 'The company’s copy of each message has no recipient: MAIL_TO is not set.',
      next: /Ask whoever runs the server to set MAIL_TO to the address that should receive the website’s messages/,
      stateRow: 'No company address (MAIL_TO)',
    });
    expect(await tryAgainNow(page, server.baseUrl, messageId)).toBe('Not sent: the company’s copy has no recipient, because MAIL_TO is not set on the server. It waits and goes out once MAIL_TO is set.');
    await page.goto(`${server.baseUrl}/admin/#/subscribers/${subscriberId}`);
    const waiting = page.locator('dl.subscriber-facts dt', { hasText: 'Waiting for confirmation' }).locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => waiting.innerText(), { timeout: 10_000 }).toMatch(/confirmation mail sent .* \(the mail server accepted it\)$/);
    expect(problems.filter((problem) => !problem.includes('status of 401'))).toEqual([]);
    await close();
  }, TEST_MS);
});
