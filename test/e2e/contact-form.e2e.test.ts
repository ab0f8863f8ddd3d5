// The page contact form in real Chromium against the real server: a visitor fills it in, meets an
// inline error and the error summary, fixes them, sends, lands on /thank-you/, and the message
// (with its attachment) arrives at the local SMTP server the global setup started.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from './support/axe.ts';
import { launchChromium, screenshotPath } from './support/browser.ts';
import { waitForMail } from './support/mailbox.ts';

const baseUrl = inject('baseUrl');
const mailboxUrl = inject('mailboxUrl');
const mailTo = inject('mailTo');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** A minimal but genuine PDF: the server checks a file's type by its first bytes. */
const brief = {
  name: 'site-brief.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
};

/** The contact section's form, once its chunk has loaded and the machine runs (`js`). */
async function openForm(page: Page) {
  await page.goto(`${baseUrl}/#contact`, { waitUntil: 'networkidle' });
  await page.locator('#contact .wpcf7.js').waitFor();
  return page.getByRole('form', { name: 'Send us a message' });
}

async function screenshotSection(page: Page, name: string) {
  await page.locator('#contact').screenshot({ path: screenshotPath(name) });
}

describe('the page contact form in Chromium', () => {
  it('shows an inline error and the summary, then sends, lands on /thank-you/, and the mail arrives', async () => {
    // bypassCSP: axe is injected to check the popup.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });

    const form = await openForm(page);
    const send = form.getByRole('button', { name: 'Send message' });
    const email = form.getByLabel('Email address');

    // The consent gates the button.
    expect(await send.isDisabled()).toBe(true);

    const stamp = Date.now().toString(36);
    await form.getByLabel('Full name').fill(`Thandi Nkosi ${stamp}`);
    await email.fill('thandi@');
    await email.press('Tab');
    // Validated on leaving the field, against the schema from the server: the error is above it.
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    const emailError = form.locator('#wpcf7-f5-o1-ve-your-email');
    expect(await emailError.innerText()).toContain('Enter an email address in the correct format');
    expect(await email.getAttribute('aria-describedby')).toContain('wpcf7-f5-o1-ve-your-email');

    await form.getByLabel('Your message').fill('We need a 4 x 3 m outdoor LED screen above the entrance of a shopping centre in Durban.');
    await form.getByLabel('Drawing or brief (optional)').setInputFiles(brief);
    await form.getByRole('checkbox', { name: /I agree/ }).check();
    expect(await send.isEnabled()).toBe(true);

    // Sent with the email still wrong and no service chosen: the server's answer names both.
    await send.click();
    const summary = form.locator('.error-summary');
    await summary.getByRole('alert').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('error-summary'))).toBe(true);
    const links = await summary.getByRole('link').allInnerTexts();
    expect(links).toEqual(['Enter an email address in the correct format, like name@example.co.za', 'Choose what we can help with']);
    expect(await form.getAttribute('class')).toContain('invalid');
    expect(await form.locator('.wpcf7-response-output').innerText()).toContain('There is a problem with your message');
    expect(await form.getByLabel('What can we help with?').getAttribute('aria-invalid')).toBe('true');
    await screenshotSection(page, 'contact-form-errors-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshotSection(page, 'contact-form-errors-375');
    await page.setViewportSize({ width: 1280, height: 900 });

    // The summary's link takes the visitor to the field.
    await summary.getByRole('link', { name: 'Choose what we can help with' }).click();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('your-subject');

    // Fixed and sent again: the visitor lands on the confirmation page.
    await form.getByLabel('What can we help with?').selectOption('LED video walls');
    await email.fill('thandi@example.co.za');
    await email.press('Tab');
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('false');
    // A refused submission keeps everything the visitor gave, the attachment included.
    // The redirect add-on: the thank-you popup about 1 s after the answer, modal and focused;
    // Escape closes it; it leaves the page about 4 s later, and 2 s after that the visitor
    // lands on /thank-you/. (Timed from the click: the answer comes a moment after it.)
    const sentAt = Date.now();
    await send.click();
    const popup = page.getByRole('dialog', { name: 'Message received' });
    await popup.waitFor();
    const openedAfter = Date.now() - sentAt;
    expect(openedAfter).toBeGreaterThanOrEqual(1000);
    expect(openedAfter).toBeLessThan(4000);
    await expect.poll(() => form.locator('.wpcf7-response-output').innerText()).toMatch(/Thank you for your message/);
    await expect.poll(() => popup.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.evaluate(() => document.body.classList.contains('modal-popup-open'))).toBe(true);
    expect(await page.evaluate(() => document.body.classList.contains('thank-you-popup'))).toBe(true);
    await page.screenshot({ path: screenshotPath('contact-form-popup-1280') });
    expect(await axeViolations(page, '#wpcf7r-popup')).toEqual([]);
    await page.keyboard.press('Escape');
    const closedAt = Date.now();
    await page.locator('#wpcf7r-popup').waitFor({ state: 'detached', timeout: 10_000 });
    const goneAfter = Date.now() - closedAt;
    expect(goneAfter).toBeGreaterThanOrEqual(3500);
    expect(goneAfter).toBeLessThan(7000);
    expect(await page.evaluate(() => document.body.classList.contains('thank-you-popup'))).toBe(false);
    await page.waitForURL(`${baseUrl}/thank-you/`, { timeout: 10_000 });
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(5500);
    expect(await page.locator('h1').innerText()).not.toBe('');

    // The outbox delivered it over SMTP: to the company, Reply-To the visitor, with the brief.
    const mail = await waitForMail(mailboxUrl, (message) => message.raw.includes(stamp));
    expect(mail.to).toEqual([mailTo]);
    expect(mail.headers.subject?.[0]).toBe(`Website enquiry: LED video walls from Thandi Nkosi ${stamp}`);
    expect(mail.headers['reply-to']?.[0]).toContain('thandi@example.co.za');
    expect(mail.raw).toContain('shopping centre in Durban');
    expect(mail.raw).toMatch(/filename="?site-brief\.pdf"?/);

    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([375, 1280])('has no WCAG 2.2 AA violations (axe) at %i px, with errors showing', async (width) => {
    const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const form = await openForm(page);
    expect(await axeViolations(page, '#contact')).toEqual([]);
    await form.getByLabel('Email address').fill('not-an-address');
    await form.getByLabel('Email address').press('Tab');
    await form.getByRole('checkbox', { name: /I agree/ }).check();
    await form.getByRole('button', { name: 'Send message' }).click();
    await form.locator('.error-summary [role="alert"]').waitFor();
    expect(await axeViolations(page, '#contact')).toEqual([]);
    await context.close();
  });

  it('works from a phone-sized screen with the keyboard alone up to the error summary', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const form = await openForm(page);
    // Everything fits: no control wider than the screen.
    const overflow = await page.evaluate(() =>
      [...document.querySelectorAll('#contact form input, #contact form select, #contact form textarea, #contact form button')]
        .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .map((element) => element.getAttribute('name') ?? element.tagName),
    );
    expect(overflow).toEqual([]);
    await form.getByLabel('Full name').focus();
    await page.keyboard.type('T');
    await page.keyboard.press('Tab');
    await expect.poll(() => form.getByLabel('Full name').getAttribute('aria-invalid')).toBe('true');
    expect(await form.locator('#wpcf7-f5-o1-ve-your-name').innerText()).toContain('Full name must be 2 characters or more');
    await context.close();
  });
});
