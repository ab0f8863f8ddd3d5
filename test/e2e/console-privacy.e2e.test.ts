// The console's privacy page in real Chromium against the real server (README, "Privacy"): a
// visitor's message with a file arrives; the owner signs in with a passkey, looks the address up
// (a wrong one is refused beside the field), downloads the access request's archive (records.json
// and the file), then erases everything after typing the address again; a second lookup finds
// nothing. axe at 1280 and 375 px, screenshots. Its own server on http://localhost:<port>.
import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { DEFAULT_USER_AGENT, multipartBody } from '../server/helpers/multipart.ts';
import { validContactFields } from '../server/helpers/test-forms.ts';
import { axeViolations } from './support/axe.ts';
import { launchChromium, screenshotPath, watchProblems } from './support/browser.ts';
import { startConsoleServer, type ConsoleServer } from './support/console-server.ts';
import { enrolWithPasskey } from './support/virtual-authenticator.ts';

let browser: Browser;
let server: ConsoleServer;

beforeAll(async () => {
  server = await startConsoleServer('privacy', { MAIL_TO: 'enquiries@lumina.test', WEB_CONCURRENCY: '1' });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('a site plan'), Buffer.alloc(200, 0x20), Buffer.from('\n%%EOF\n')]);

function entriesOf(bytes: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => names.push(entry.fileName));
      zip.on('end', () => resolve(names));
    });
  });
}

describe('the console\'s privacy page in Chromium', () => {
  it('finds a person, downloads their archive and erases them', async () => {
    const address = `zanele.${Date.now().toString(36)}@example.co.za`;
    const body = await multipartBody({ ...validContactFields({ 'your-email': address }), 'your-file': new File([new Uint8Array(PDF)], 'site plan.pdf', { type: 'application/pdf' }) });
    const sent = await fetch(`${server.baseUrl}/wp-json/contact-form-7/v1/contact-forms/5/feedback`, { method: 'POST', body: new Uint8Array(body.payload), headers: { 'content-type': body.contentType, 'user-agent': DEFAULT_USER_AGENT } });
    expect(((await sent.json()) as { status: string }).status).toBe('mail_sent');

    const link = await server.invite('owner@lumina.test', 'owner');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true, acceptDownloads: true });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await enrolWithPasskey(page, link);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Privacy requests' }).click();
    await page.getByRole('heading', { name: 'Privacy requests', level: 1 }).waitFor();

    const field = page.getByLabel('E-mail address or SMS number');
    await field.fill('zanele');
    await page.getByRole('button', { name: 'Look up' }).click();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Enter an e-mail address, or an SMS number').first().waitFor();

    await field.fill(address.toUpperCase());
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByRole('heading', { name: `Held about ${address}`, level: 2 }).waitFor();
    expect(await page.locator('.privacy-held').innerText()).toContain('one file');
    expect(await axeViolations(page, 'body')).toEqual([]);
    await page.screenshot({ path: screenshotPath('console-privacy-found-1280'), fullPage: true });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download everything (access request)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^access-request-\d{4}-\d{2}-\d{2}\.zip$/);
    const names = await entriesOf(await readFile((await download.path())!));
    expect(names).toContain('records.json');
    expect(names.some((name) => name.startsWith('files/message-') && name.endsWith('site plan.pdf'))).toBe(true);

    await page.getByRole('button', { name: 'Erase everything' }).click();
    const confirm = page.getByLabel('Type the address or number again');
    await confirm.fill('someone.else@example.co.za');
    await page.getByRole('button', { name: 'Erase', exact: true }).click();
    expect(await confirm.getAttribute('aria-invalid')).toBe('true');
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    expect(await axeViolations(page, 'body')).toEqual([]);
    await page.screenshot({ path: screenshotPath('console-privacy-confirm-375'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    await confirm.fill(address);
    await page.getByRole('button', { name: 'Erase', exact: true }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'was erased' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByText(`Nothing is held about ${address}.`).waitFor();
    // The session check before signing in answers 401, as it should.
    expect(problems.filter((problem) => !problem.includes('status of 401'))).toEqual([]);
    await context.close();
  });
});
