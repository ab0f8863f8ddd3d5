// The slide-in contact panel in real Chromium against the real server: no tab before the first
// scroll, then the tab at half the screen's height; the panel opened by it keeps Tab inside; a
// wrong human-test answer shows "* Wrong Answer" beside the field; a right one sends
// ("Sending"), shows the success text, lands on /thank-you/, and the mail reaches the local SMTP
// server; Escape closes it and gives the focus back to the tab; axe finds nothing with it open.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from './support/axe.ts';
import { launchChromium, screenshotPath, watchProblems } from './support/browser.ts';
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

const TAB_NAME = 'Contact us';

async function openHome(page: Page) {
  await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
}

/** Scrolls the page a little (the tab waits for the first scroll) and waits for the tab. */
async function revealTab(page: Page) {
  await page.mouse.move(200, 300);
  await page.mouse.wheel(0, 200);
  const tab = page.getByRole('button', { name: TAB_NAME });
  await tab.waitFor();
  return tab;
}

async function openPanel(page: Page) {
  const tab = await revealTab(page);
  await tab.click();
  const dialog = page.getByRole('dialog', { name: 'Send us a message' });
  await dialog.waitFor();
  // The question has arrived from the server.
  await expect.poll(() => dialog.locator('#ncf-form-1-ncf_answer_field-label').innerText()).toMatch(/^\d \+ \d = \?$/);
  return { tab, dialog };
}

async function questionSum(page: Page): Promise<number> {
  const text = await page.locator('#ncf-form-1-ncf_answer_field-label').innerText();
  const [, a, b] = /^(\d) \+ (\d) = \?$/.exec(text.trim()) ?? [];
  return Number(a) + Number(b);
}

describe('the slide-in contact panel in Chromium', () => {
  it.each([375, 1280])('shows no tab before the first scroll, then the tab at half the screen height; Tab stays in the open panel (%i px)', async (width) => {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await openHome(page);
    expect(await page.getByRole('button', { name: TAB_NAME }).count()).toBe(0);

    const tab = await revealTab(page);
    const box = (await tab.boundingBox())!;
    expect(Math.abs(box.y + box.height / 2 - 400)).toBeLessThanOrEqual(1);
    expect(box.x + box.width).toBeCloseTo(width, 0);

    await tab.click();
    const dialog = page.getByRole('dialog', { name: 'Send us a message' });
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('ncf_sidebar');
    // Narrower than the screen under 540 px, 500 px otherwise.
    const panelWidth = (await dialog.boundingBox())!.width;
    expect(panelWidth).toBeCloseTo(width < 540 ? width - 40 : 500, 0);
    await page.waitForTimeout(500);
    await page.screenshot({ path: screenshotPath(`sidebar-open-${width}`) });

    for (let press = 0; press < 14; press += 1) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() => document.activeElement === document.body || Boolean(document.activeElement?.closest('#ncf-sidebar-layer')));
      expect(inside, `Tab ${press + 1} stays in the panel`).toBe(true);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows "* Wrong Answer" beside a wrong sum, then sends the right one ("Sending"), shows the success text, lands on /thank-you/, and the mail arrives', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    // The send is held back a moment, so "Sending" can be seen.
    await page.route('**/wp-admin/admin-ajax.php', async (route) => {
      if (route.request().postData()?.includes('action=ncf_send_message')) await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await openHome(page);
    const { dialog } = await openPanel(page);
    const stamp = Date.now().toString(36);
    await dialog.getByLabel('Your name').fill(`Thandi ${stamp}`);
    await dialog.getByLabel('Your e-mail').fill('thandi@example.co.za');
    await dialog.getByLabel('Your message').fill(`Please call me about a transparent LED screen (${stamp}).`);
    const answer = dialog.locator('#ncf-form-1-ncf_answer_field');
    const sum = await questionSum(page);
    await answer.fill(String(sum === 2 ? 3 : sum - 1));
    // By its place, not its name: the name changes to "Sending".
    const send = dialog.locator('.ncf_form button[type="submit"]');
    expect(await send.innerText()).toBe('Send');
    await send.click();

    const error = dialog.locator('#ncf-form-1-ve-ncf_answer_field');
    await error.waitFor();
    // "Error:" is for screen readers only; the visitor reads the plugin's text.
    expect((await error.textContent())?.replace(/\s+/g, ' ').trim()).toBe('Error: * Wrong Answer');
    expect(await error.innerText()).toContain('* Wrong Answer');
    expect(await answer.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('error-summary'))).toBe(true);
    await page.screenshot({ path: screenshotPath('sidebar-wrong-answer-1280') });

    await answer.fill(String(sum));
    await send.click();
    await expect.poll(() => send.innerText()).toBe('Sending');
    expect(await send.getAttribute('aria-disabled')).toBe('true');
    const success = dialog.getByText('Your message was successfully sent!');
    await success.waitFor();
    await page.screenshot({ path: screenshotPath('sidebar-sent-1280') });
    await page.waitForURL(`${baseUrl}/thank-you/`, { timeout: 10_000 });

    const mail = await waitForMail(mailboxUrl, (message) => message.raw.includes(stamp));
    expect(mail.to).toEqual([mailTo]);
    expect(mail.headers.subject?.[0]).toBe(`Lumina Display Engineering Contact Form Submission: Thandi ${stamp}`);
    expect(mail.headers['reply-to']?.[0]).toContain('thandi@example.co.za');
    expect(mail.raw).toContain('transparent LED screen');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('closes on Escape and gives the focus back to the tab; a marked link opens it too', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await openHome(page);
    const { tab, dialog } = await openPanel(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await tab.evaluate((element) => element === document.activeElement)).toBe(true);

    // The FAQ's link carries the plugin's trigger class: it opens the panel instead of leaving.
    const link = page.getByRole('link', { name: 'Ask us in a message' });
    await link.scrollIntoViewIfNeeded();
    await link.click();
    await dialog.waitFor();
    await page.getByRole('button', { name: 'Close the contact panel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await link.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  });

  it.each([375, 1280])('has no WCAG 2.2 AA violations (axe) with the panel open, errors showing (%i px)', async (width) => {
    const context = await browser.newContext({ viewport: { width, height: 800 }, bypassCSP: true });
    const page = await context.newPage();
    await openHome(page);
    const { dialog } = await openPanel(page);
    await page.waitForTimeout(500);
    expect(await axeViolations(page, '#ncf-sidebar-layer')).toEqual([]);
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await dialog.locator('.error-summary [role="alert"]').waitFor();
    expect(await axeViolations(page, '#ncf-sidebar-layer')).toEqual([]);
    await page.screenshot({ path: screenshotPath(`sidebar-errors-${width}`) });
    await context.close();
  });
});
