// The site's forms on a slow phone link, in real Chromium against the real server (README.md,
// "Forms before their code"): the page is loaded and idle, then the network is slowed to 400 ms
// and 50 KB/s (DevTools' network conditions) and the visitor types at about 11 characters a
// second while the form's code, rules and reCAPTCHA are still on their way. What they typed,
// chose or ticked must be exactly what the form holds once its code has arrived, with the caret
// where they left it, and what it sends. Each form also with its chunk held back until the typing
// is done (the machine then starts from the values already in the fields), and the contact form
// and the newsletter sent before their code arrives at all (the browser posts them itself and the
// server answers with a page). At 375 and 1280 px.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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

/** About 11 characters a second, as the visitor in the report typed. */
const KEY_DELAY_MS = 90;
const SLOW_LINK = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };

/** The home page, loaded and idle, at `width`. */
async function openHome(width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
  return { context, page };
}

/** From now on every request goes over a slow phone link. */
async function slowDown(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_LINK);
}

/** Holds back the scripts whose file name starts with `chunk` until `release()` (never, if it is not called). */
async function holdChunk(page: Page, chunk: string): Promise<{ release: () => void; requested: Promise<void> }> {
  let release!: () => void;
  let requested!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const asked = new Promise<void>((resolve) => (requested = resolve));
  await page.route(
    (url) => new RegExp(`^/assets/${chunk}-[\\w-]+\\.js$`).test(url.pathname),
    async (route) => {
      requested();
      await gate;
      await route.continue();
    },
  );
  return { release, requested: asked };
}

async function typeInto(page: Page, selector: string, text: string) {
  await page.locator(selector).click();
  await page.keyboard.type(text, { delay: KEY_DELAY_MS });
}

/** Each named control's value (a box: whether it is ticked), as the page holds it. */
const valuesIn = (page: Page, form: string) =>
  page.evaluate(
    (selector) =>
      Object.fromEntries(
        [...document.querySelectorAll<HTMLInputElement>(`${selector} input[name]:not([type=hidden]), ${selector} textarea[name]`)]
          .filter((control) => control.type !== 'checkbox' || control.checked)
          .map((control) => [control.type === 'checkbox' ? `${control.name}=${control.value}` : control.name, control.type === 'checkbox' ? true : control.value]),
      ),
    form,
  );

/**
 * The focus and the caret are where the visitor left them: the next key lands in `name` after
 * `typed` (read by typing, as e-mail inputs have no selection to read), then is taken back.
 */
async function expectCaretAfter(page: Page, name: string, typed: string) {
  expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe(name);
  await page.keyboard.type('z');
  expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe(`${typed}z`);
  await page.keyboard.press('Backspace');
}

const CONTACT = '#wpcf7-f5-o1';
const stampOf = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

describe('forms on a slow phone link in Chromium', () => {
  it.each([375, 1280])('the contact form keeps what was typed while its code arrives (%i px)', async (width) => {
    const { context, page } = await openHome(width);
    await slowDown(context, page);
    const stamp = stampOf();
    const name = `Pieter van Wyk ${stamp}`;
    const email = `pieter.${stamp}@capewinery.co.za`;
    await page.locator(`${CONTACT} input[name="your-name"]`).scrollIntoViewIfNeeded();
    await typeInto(page, `${CONTACT} input[name="your-name"]`, name);
    await page.keyboard.press('Tab');
    await page.keyboard.type(email, { delay: KEY_DELAY_MS });
    await page.waitForTimeout(3000);
    await page.locator(`${CONTACT}.js`).waitFor({ timeout: 30_000 });
    expect(await valuesIn(page, CONTACT)).toMatchObject({ 'your-name': name, 'your-email': email });
    await expectCaretAfter(page, 'your-email', email);
    await page.screenshot({ path: screenshotPath(`slow-link-contact-${width}`) });
    await context.close();
  });

  it.each([375, 1280])('the contact form typed in before its code arrives starts from those values and sends them (%i px)', async (width) => {
    const { context, page } = await openHome(width);
    const chunk = await holdChunk(page, 'contact-form-page.view');
    const form = page.locator(CONTACT);
    await form.scrollIntoViewIfNeeded();
    await chunk.requested;
    const stamp = stampOf();
    const name = `Thandi Nkosi ${stamp}`;
    await typeInto(page, `${CONTACT} input[name="your-name"]`, name);
    await typeInto(page, `${CONTACT} input[name="your-email"]`, `thandi.${stamp}@example.co.za`);
    await form.getByLabel('What can we help with?').selectOption('LED video walls');
    await typeInto(page, `${CONTACT} textarea[name="your-message"]`, 'A 4 x 3 m LED screen for our foyer.');
    await form.getByRole('checkbox', { name: /I agree/ }).check();
    await form.locator('textarea[name="your-message"]').click();
    expect(await form.getAttribute('class')).toContain('no-js');
    chunk.release();
    await page.locator(`${CONTACT}.js`).waitFor({ timeout: 30_000 });
    const held = { 'your-name': name, 'your-email': `thandi.${stamp}@example.co.za`, 'your-message': 'A 4 x 3 m LED screen for our foyer.', 'your-consent=1': true };
    expect(await valuesIn(page, CONTACT)).toMatchObject(held);
    expect(await form.getByLabel('What can we help with?').inputValue()).toBe('LED video walls');
    // The consent given before the code arrived counts: Send is enabled, and sends what was typed.
    await form.getByRole('button', { name: 'Send message' }).click();
    const mail = await waitForMail(mailboxUrl, (message) => message.raw.includes(name));
    expect(mail.raw).toContain(`thandi.${stamp}@example.co.za`);
    expect(mail.raw).toContain('A 4 x 3 m LED screen for our foyer.');
    await context.close();
  });

  it.each([
    [375, '#sib-form-1'],
    [1280, '#sib-form-2'],
  ])('a newsletter form takes input at once and keeps it while its code arrives (%i px, %s)', async (width, form) => {
    const { context, page } = await openHome(width);
    await slowDown(context, page);
    const email = `sipho.${stampOf()}@example.co.za`;
    await page.locator(`${form} input[name="email"]`).scrollIntoViewIfNeeded();
    // Never a grey form: the fields take input before the code arrives.
    expect(await page.locator(`${form} fieldset.sib-form__fields`).isDisabled()).toBe(false);
    await typeInto(page, `${form} input[name="email"]`, email);
    const firstName = page.locator(`${form} input[name="FIRSTNAME"]`);
    if ((await firstName.count()) > 0) await typeInto(page, `${form} input[name="FIRSTNAME"]`, 'Sipho');
    const list = page.locator(`${form} input[name="listIDs[]"][value="3"]`);
    if ((await list.count()) > 0) await list.check();
    await page.locator(`${form} input[name="consent"]`).check();
    await page.waitForTimeout(3000);
    await page.locator(`${form}.js`).waitFor({ timeout: 30_000 });
    const expected: Record<string, unknown> = { email, 'consent=yes': true };
    if ((await firstName.count()) > 0) Object.assign(expected, { FIRSTNAME: 'Sipho', 'listIDs[]=3': true });
    expect(await valuesIn(page, form)).toMatchObject(expected);
    await page.screenshot({ path: screenshotPath(`slow-link-newsletter-${width}`) });
    await context.close();
  });

  it.each([375, 1280])('the home newsletter form filled in before its code arrives starts from those values (%i px)', async (width) => {
    const { context, page } = await openHome(width);
    const form = '#sib-form-1';
    const chunk = await holdChunk(page, 'newsletter-form.view');
    await page.locator(`${form} input[name="email"]`).scrollIntoViewIfNeeded();
    await chunk.requested;
    const email = `lerato.${stampOf()}@example.co.za`;
    await typeInto(page, `${form} input[name="email"]`, email);
    await typeInto(page, `${form} input[name="FIRSTNAME"]`, 'Lerato');
    await page.locator(`${form} input[name="listIDs[]"][value="2"]`).check();
    await page.locator(`${form} input[name="consent"]`).check();
    await page.locator(`${form} input[name="FIRSTNAME"]`).click();
    chunk.release();
    await page.locator(`${form}.js`).waitFor({ timeout: 30_000 });
    expect(await valuesIn(page, form)).toMatchObject({ email, FIRSTNAME: 'Lerato', 'listIDs[]=2': true, 'consent=yes': true });
    await expectCaretAfter(page, 'FIRSTNAME', 'Lerato');
    await context.close();
  });

  it.each([375, 1280])('the contact form sent before its code arrives is posted by the browser and answered with a page (%i px)', async (width) => {
    const { context, page } = await openHome(width);
    await holdChunk(page, 'contact-form-page.view');
    const form = page.locator(CONTACT);
    await form.scrollIntoViewIfNeeded();
    const stamp = stampOf();
    const name = `Ayanda Dlamini ${stamp}`;
    // First without a message: the page names the field and shows back what was sent.
    await typeInto(page, `${CONTACT} input[name="your-name"]`, name);
    await typeInto(page, `${CONTACT} input[name="your-email"]`, `ayanda.${stamp}@example.co.za`);
    await form.getByRole('checkbox', { name: /I agree/ }).check();
    await form.getByRole('button', { name: 'Send message' }).click();
    await page.waitForURL(/\/wp-json\/contact-form-7\/v1\/contact-forms\/5\/feedback$/);
    await expect.poll(() => page.locator('main').innerText()).toContain(name);
    expect(await page.locator('main').innerText()).toMatch(/message/i);
    await page.screenshot({ path: screenshotPath(`no-code-contact-answer-${width}`), fullPage: true });
    // Back, the message added, sent again: the thank-you page, and the mail.
    await page.goBack();
    await typeInto(page, `${CONTACT} textarea[name="your-message"]`, 'Please quote for a 3 x 2 m LED wall.');
    await form.getByLabel('What can we help with?').selectOption('LED video walls');
    if (!(await form.getByRole('checkbox', { name: /I agree/ }).isChecked())) await form.getByRole('checkbox', { name: /I agree/ }).check();
    if ((await page.locator(`${CONTACT} input[name="your-name"]`).inputValue()) === '') {
      await typeInto(page, `${CONTACT} input[name="your-name"]`, name);
      await typeInto(page, `${CONTACT} input[name="your-email"]`, `ayanda.${stamp}@example.co.za`);
    }
    await form.getByRole('button', { name: 'Send message' }).click();
    await page.waitForURL(`${baseUrl}/thank-you/`);
    const mail = await waitForMail(mailboxUrl, (message) => message.raw.includes(name));
    expect(mail.raw).toContain('Please quote for a 3 x 2 m LED wall.');
    await context.close();
  });

  it.each([375, 1280])('the home newsletter form sent before its code arrives is posted by the browser and answered with a page (%i px)', async (width) => {
    const { context, page } = await openHome(width);
    await holdChunk(page, 'newsletter-form.view');
    const form = '#sib-form-1';
    await page.locator(`${form} input[name="email"]`).scrollIntoViewIfNeeded();
    const email = `naledi.${stampOf()}@example.co.za`;
    await typeInto(page, `${form} input[name="email"]`, email);
    await page.locator(`${form} input[name="listIDs[]"][value="3"]`).check();
    await page.locator(`${form} input[name="consent"]`).check();
    await page.locator(`${form} button[type="submit"]`).click();
    await page.waitForURL(/\/newsletter\/signed-up\/\?form=1$/);
    await page.screenshot({ path: screenshotPath(`no-code-newsletter-answer-${width}`), fullPage: true });
    // The confirmation mail went out, as for a sign-up through the script.
    const mail = await waitForMail(mailboxUrl, (message) => message.to.includes(email));
    expect(mail.headers['list-unsubscribe']).toBeDefined();
    await context.close();
  });

  it.each([375, 1280])('the sidebar form keeps what was typed while its question and code arrive (%i px)', async (width) => {
    const { context, page } = await openHome(width);
    await slowDown(context, page);
    await page.mouse.move(200, 300);
    await page.mouse.wheel(0, 200);
    const tab = page.getByRole('button', { name: 'Contact us' });
    await tab.waitFor();
    await tab.click();
    const nameField = page.locator('#ncf_sidebar input[name="ncf_name_field"]');
    await nameField.waitFor({ timeout: 30_000 });
    await typeInto(page, '#ncf_sidebar input[name="ncf_name_field"]', 'Pieter van Wyk');
    await page.keyboard.press('Tab');
    const email = `pieter.${stampOf()}@capewinery.co.za`;
    await page.keyboard.type(email, { delay: KEY_DELAY_MS });
    await page.waitForTimeout(3000);
    // The question has arrived meanwhile.
    await expect.poll(() => page.locator('#ncf-form-1-ncf_answer_field-label').innerText(), { timeout: 30_000 }).toMatch(/^\d \+ \d = \?$/);
    expect(await valuesIn(page, '#ncf_sidebar')).toMatchObject({ ncf_name_field: 'Pieter van Wyk', ncf_email_field: email });
    await expectCaretAfter(page, 'ncf_email_field', email);
    await page.screenshot({ path: screenshotPath(`slow-link-sidebar-${width}`) });
    await context.close();
  });
});
