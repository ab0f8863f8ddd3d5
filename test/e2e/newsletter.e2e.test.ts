// The home page's newsletter form in real Chromium against the real server: a visitor picks the
// SMS country code from the prefix list with the keyboard, subscribes and sees the success
// message, the confirmation mail reaches the local SMTP server and its link lands on
// /newsletter/confirmed/ through its button; the same input again gets the same answer; a wrong address
// shows the inline error and the error summary; axe finds nothing at 375 and 1280 px.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { homeNewsletterForm } from '../support/site-content.ts';
import { pages } from '../support/site-content.ts';
import { axeViolations } from './support/axe.ts';
import { launchChromium, screenshotPath } from './support/browser.ts';
import { waitForMail } from './support/mailbox.ts';

const baseUrl = inject('baseUrl');
const mailboxUrl = inject('mailboxUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const { messages } = homeNewsletterForm;

/** The mail's text with quoted-printable undone (soft line breaks, `=3D` for `=`). */
const quotedPrintable = (body: string) =>
  body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The newsletter section's form, once its chunk has loaded and the machine runs (`js`). */
async function openForm(page: Page) {
  await page.goto(`${baseUrl}/#newsletter`, { waitUntil: 'networkidle' });
  await page.locator('#newsletter .sib-form.js').waitFor();
  return page.getByRole('form', { name: homeNewsletterForm.title });
}

function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  return problems;
}

describe('the newsletter form in Chromium', () => {
  it('subscribes with an SMS number whose prefix is picked with the keyboard; the confirmation mail arrives and its page confirms; the same sign-up again gets the same answer', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    const form = await openForm(page);
    const stamp = Date.now().toString(36);
    const address = `thandi.${stamp}@example.co.za`;

    const fill = async () => {
      await form.getByLabel(homeNewsletterForm.emailLabel).fill(address);
      await form.getByLabel('First name (optional)').fill('Thandi');
      // The prefix list, with the keyboard alone: open, type the name, Enter; focus comes back.
      const prefix = form.getByRole('button', { name: /^Country code/ });
      await prefix.focus();
      await page.keyboard.press('Enter');
      const list = page.getByRole('listbox', { name: 'Country code' });
      await list.waitFor();
      await expect.poll(() => list.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.type('United K');
      expect(await list.locator('.is-active').innerText()).toContain('United Kingdom');
      await page.keyboard.press('Enter');
      await expect.poll(() => prefix.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await prefix.getAttribute('aria-label')).toBe('Country code +44 (United Kingdom), change');
      const sms = form.getByLabel(homeNewsletterForm.sms!.label);
      expect(await sms.inputValue()).toBe('+44');
      await sms.press('End');
      await sms.pressSequentially(' 7700 900123');
      expect(await sms.inputValue()).toBe('+44 7700 900123');
      await form.getByRole('checkbox', { name: 'Project case studies' }).check();
      await form.getByRole('checkbox', { name: /^I agree/ }).check();
    };

    await fill();
    await page.locator('#newsletter').screenshot({ path: screenshotPath('newsletter-filled-1280') });
    const posted = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === homeNewsletterForm.action);
    await form.getByRole('button', { name: homeNewsletterForm.submitLabel }).click();
    // The Brevo plugin's two list fields: the one list ticked, and every list the form offers.
    const body = new URLSearchParams((await posted).postData() ?? '');
    expect(body.getAll('listIDs[]')).toEqual(['2']);
    expect(body.getAll('interestingLists[]')).toEqual(homeNewsletterForm.lists.map((list) => String(list.id)));
    const status = form.locator('.sib-form__messages [role="status"]');
    await expect.poll(() => status.innerText(), { timeout: 15_000 }).toBe(messages.success);
    // After the answer the form is reset and usable again.
    expect(await form.getByLabel(homeNewsletterForm.emailLabel).inputValue()).toBe('');
    expect(await form.getByRole('button', { name: homeNewsletterForm.submitLabel }).isEnabled()).toBe(true);
    await page.locator('#newsletter').screenshot({ path: screenshotPath('newsletter-success-1280') });
    // …and the message fades after 2 s.
    await expect.poll(() => status.isVisible(), { timeout: 6_000 }).toBe(false);

    // The confirmation mail (double opt-in) with its link; following it confirms.
    const mail = await waitForMail(mailboxUrl, (message) => message.to.includes(address));
    expect(mail.headers.subject?.[0]).toBe(homeNewsletterForm.doubleOptIn!.subject);
    const link = /https?:\/\/\S+\/newsletter\/confirm\/\?token=[A-Za-z0-9._~%-]+/.exec(quotedPrintable(mail.body))?.[0];
    expect(link).toBeDefined();
    const confirm = await context.newPage();
    await confirm.goto(`${baseUrl}${new URL(link!).pathname}${new URL(link!).search}`);
    // The link opens a page whose button confirms (a mail scanner following it confirms nothing).
    await confirm.getByRole('button', { name: 'Confirm my subscription' }).click();
    await confirm.waitForURL('**/newsletter/confirmed/');
    expect(new URL(confirm.url()).pathname).toBe('/newsletter/confirmed/');
    expect(await confirm.locator('h1').innerText()).toBe(pages.newsletterConfirmed.heading);

    // The same input again: answered as any sign-up is, so the form tells no one who is subscribed.
    await fill();
    await form.getByRole('button', { name: homeNewsletterForm.submitLabel }).click();
    await expect.poll(() => status.innerText(), { timeout: 15_000 }).toBe(messages.success);
    expect(await status.getAttribute('class')).toContain('sib-form__message--success');

    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the inline error and the error summary for an invalid address, with the focus on the summary', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const form = await openForm(page);
    const email = form.getByLabel(homeNewsletterForm.emailLabel);
    await email.fill('thandi@example');
    await form.getByRole('checkbox', { name: 'Project case studies' }).check();
    await form.getByRole('checkbox', { name: /^I agree/ }).check();
    await form.getByRole('button', { name: homeNewsletterForm.submitLabel }).click();
    const summary = form.locator('.error-summary');
    await summary.getByRole('alert').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('error-summary'))).toBe(true);
    expect(await summary.getByRole('link').allInnerTexts()).toEqual([messages.invalidEmail]);
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await form.locator('#sib-form-1-ve-email').innerText()).toContain(messages.invalidEmail);
    await page.locator('#newsletter').screenshot({ path: screenshotPath('newsletter-errors-375') });
    await summary.getByRole('link').click();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    await context.close();
  });

  it.each([375, 1280])('has no WCAG 2.2 AA violations (axe) at %i px: the form, its errors, the open prefix list, the footer form', async (width) => {
    const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const form = await openForm(page);
    expect(await axeViolations(page, '#newsletter')).toEqual([]);
    await page.locator('#newsletter').screenshot({ path: screenshotPath(`newsletter-${String(width)}`) });
    await form.getByRole('button', { name: homeNewsletterForm.submitLabel }).click();
    await form.locator('.error-summary [role="alert"]').waitFor();
    expect(await axeViolations(page, '#newsletter')).toEqual([]);
    await form.getByRole('button', { name: /^Country code/ }).click();
    await page.getByRole('listbox', { name: 'Country code' }).waitFor();
    expect(await axeViolations(page, '#newsletter')).toEqual([]);
    await page.locator('#newsletter').screenshot({ path: screenshotPath(`newsletter-prefix-list-${String(width)}`) });
    // The footer hydrates as it comes near; then back, so the sticky header covers none of it.
    await page.locator('#footer').scrollIntoViewIfNeeded();
    await page.locator('#footer .sib-form.js').waitFor();
    await page.locator('#newsletter').scrollIntoViewIfNeeded();
    expect(await axeViolations(page, '#footer')).toEqual([]);
    await page.locator('#footer').screenshot({ path: screenshotPath(`newsletter-footer-${String(width)}`) });
    await context.close();
  });

  it.each(['/newsletter/confirmed/', '/newsletter/unsubscribed/', '/newsletter/link-expired/'])('%s is a short noindex page with a way home', async (path) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, bypassCSP: true });
    const page = await context.newPage();
    const response = await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, follow');
    expect(await page.locator('main a[href="/"], main a[href="/#newsletter"]').count()).toBeGreaterThan(0);
    expect(await axeViolations(page, 'main')).toEqual([]);
    await context.close();
  });
});
