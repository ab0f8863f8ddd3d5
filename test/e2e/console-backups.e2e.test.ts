// The console's Backups page in real Chromium against the real server and a local S3-compatible
// server (README.md, "Backups and restore"): the owner opens Backups, presses "Back up now" and
// sees it done and copied off the machine, downloads the archive; the storage goes down: the next
// backup is kept here, its copy's failure said in words with the system's message below, and the
// console's health banner says so; the storage back, "Copy again now" copies it; BACKUP_DIR
// turned into a file: the failure is said in words (what failed, what to check), ENOTDIR below.
// axe at 1280 and 375 px, screenshots of each. Its own server on http://localhost:<port>.
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USER_AGENT, multipartBody } from '../server/helpers/multipart.ts';
import { startS3StandIn, type S3StandIn } from '../server/helpers/s3-stand-in.ts';
import { validContactFields } from '../server/helpers/test-forms.ts';
import { axeViolations } from './support/axe.ts';
import { launchChromium, screenshotPath, watchProblems } from './support/browser.ts';
import { startConsoleServer, type ConsoleServer } from './support/console-server.ts';
import { enrolWithPasskey } from './support/virtual-authenticator.ts';

let browser: Browser;
let server: ConsoleServer;
let s3: S3StandIn;
let backupDir: string;
let folder: string;

beforeAll(async () => {
  s3 = await startS3StandIn();
  folder = mkdtempSync(join(tmpdir(), 'site-e2e-backups-'));
  backupDir = join(folder, 'backups');
  server = await startConsoleServer('backups', { WEB_CONCURRENCY: '1', BACKUP_DIR: backupDir, BACKUP_S3_URL: s3.url('site'), BACKUP_KEEP: '5', ADDRESS_HASH_KEY_FILE: join(folder, 'address-hash.key') });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await s3?.cleanup();
  rmSync(folder, { recursive: true, force: true });
});

const status = (page: Page) => page.locator('.backups-status');

/** Both widths: no sideways scrolling at 375 px, axe finds nothing, a screenshot of each. */
async function checkBothWidths(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
    if (width === 375) expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), `${name} at 375 px scrolls sideways`).toBe(true);
    expect(await axeViolations(page, 'body'), `${name} at ${width} px`).toEqual([]);
    await page.screenshot({ path: screenshotPath(`console-backups-${name}-${width}`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe("the console's Backups page in Chromium", () => {
  it('backs up now, downloads, keeps the backup through a storage outage (said on the page and in the banner), copies it again, and says a failure in words', async () => {
    const body = await multipartBody({ ...validContactFields({ 'your-name': 'Backed Up In Chromium' }) });
    const sent = await fetch(`${server.baseUrl}/wp-json/contact-form-7/v1/contact-forms/5/feedback`, { method: 'POST', body: new Uint8Array(body.payload), headers: { 'content-type': body.contentType, 'user-agent': DEFAULT_USER_AGENT } });
    expect(((await sent.json()) as { status: string }).status).toBe('mail_sent');

    const link = await server.invite('owner@lumina.test', 'owner');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true, acceptDownloads: true });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await enrolWithPasskey(page, link);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Backups' }).click();
    await page.getByRole('heading', { name: 'Backups', level: 1 }).waitFor();
    await page.getByText('No backup has been made yet.').waitFor();
    await checkBothWidths(page, 'first');

    // Back up now: done, and copied off the machine.
    await page.getByRole('button', { name: 'Back up now' }).click();
    await expect.poll(() => status(page).textContent(), { timeout: 30_000 }).toMatch(/^The backup is done: site-backup-\S+\.zip \(\d+ KB\), copied to the off-site storage\.$/);
    const name = /(site-backup-\S+\.zip)/.exec((await status(page).textContent()) ?? '')![1]!;
    expect(await s3.keys()).toEqual([`site/${name}`]);
    const row = page.getByRole('row').filter({ hasText: name });
    expect(await row.textContent()).toContain('Copied');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: `Download ${name}` }).click()]);
    expect(download.suggestedFilename()).toBe(name);
    expect((await readFile((await download.path())!)).equals(readFileSync(join(backupDir, name)))).toBe(true);
    await checkBothWidths(page, 'done');

    // The storage goes down: the backup is kept, its copy's failure said, the banner too.
    await s3.stop();
    await page.getByRole('button', { name: 'Back up now' }).click();
    await expect.poll(() => status(page).textContent(), { timeout: 60_000 }).toMatch(/is kept on this server, but its copy to the off-site storage failed \(see Off-site copy\)\. The server tries again by itself\.$/);
    const offsite = page.getByRole('heading', { name: 'Off-site copy', level: 2 }).locator('xpath=..');
    const alert = offsite.getByRole('alert');
    expect(await alert.textContent()).toContain('failed: the storage could not be reached.');
    expect(await alert.textContent()).toContain("Check the storage's address (the host in BACKUP_S3_URL)");
    expect(await alert.textContent()).toMatch(/The system’s message, for whoever runs the server:.*ECONNREFUSED/);
    await checkBothWidths(page, 'copy-failing');

    // The console's health banner says so on the next check (opening the console is one).
    await page.reload();
    const banner = page.locator('.mail-health--backup');
    await banner.getByText(/is kept on this server, but not off it\. The copy to the off-site storage failed: the storage could not be reached\./).waitFor();
    await page.getByRole('heading', { name: 'Backups', level: 1 }).waitFor();
    await page.screenshot({ path: screenshotPath('console-backups-banner-1280'), fullPage: false });

    // The storage back: Copy again now.
    await s3.start();
    await page.getByRole('button', { name: 'Copy again now' }).click();
    await expect.poll(() => status(page).textContent(), { timeout: 30_000 }).toMatch(/^site-backup-\S+\.zip was copied to the off-site storage\.$/);
    expect(await s3.keys()).toHaveLength(2);

    // BACKUP_DIR where a file is: the failure in words, the system's message below.
    renameSync(backupDir, `${backupDir}.saved`);
    writeFileSync(backupDir, 'a file where the folder should be');
    try {
      await page.getByRole('button', { name: 'Back up now' }).click();
      await expect.poll(() => status(page).textContent(), { timeout: 30_000 }).toBe('The backup failed: see Last backup.');
      const failure = page.getByRole('heading', { name: 'Last backup', level: 2 }).locator('xpath=..').getByRole('alert');
      expect(await failure.textContent()).toContain('The backup could not be made: the backup folder is not a folder');
      expect(await failure.textContent()).toContain(`Check BACKUP_DIR (${backupDir}): it must name a folder the server can create or write to, not a file.`);
      expect(await failure.textContent()).toMatch(/The system’s message, for whoever runs the server:(EEXIST|ENOTDIR)/);
      await checkBothWidths(page, 'failed');
    } finally {
      rmSync(backupDir, { force: true });
      renameSync(`${backupDir}.saved`, backupDir);
    }
    // The session check before signing in answers 401, as it should; the banner's check may meet the storage down: no other problem.
    expect(problems.filter((problem) => !problem.includes('status of 401'))).toEqual([]);
    await context.close();
  });
});
