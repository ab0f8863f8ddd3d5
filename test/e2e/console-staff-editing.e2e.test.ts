// An owner lets staff edit the site, in real Chromium against the built server (README.md,
// "Editing the site": who; the People page's switch "Staff may edit the site's content"). A staff
// member first reads the content read-only, told who can change that and where; the owner ticks
// the switch on the People page (what it changes said beside it, the save announced; screenshots
// at 1280 and 375 px, axe on both); the staff member then opens the editor and publishes; the
// audit log names the owner's change; unticked, staff read only again.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { launchChromium, screenshotPath, watchProblems } from './support/browser.ts';
import { startConsoleServer, type ConsoleServer } from './support/console-server.ts';
import { enrolWithPasskey } from './support/virtual-authenticator.ts';

let browser: Browser;
let server: ConsoleServer;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startConsoleServer('console-staff-editing', { WEB_CONCURRENCY: '1' });
  browser = await launchChromium();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

async function signedIn(email: string, role: 'owner' | 'staff'): Promise<{ page: Page; problems: string[] }> {
  const link = await server.invite(email, role);
  // bypassCSP: axe is injected as an inline script.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  contexts.push(context);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await enrolWithPasskey(page, link);
  return { page, problems };
}

const readOnlyNote = (page: Page) => page.getByRole('note').filter({ hasText: 'an owner has not allowed staff to edit the site’s content' });
const theSwitch = (page: Page) => page.getByRole('checkbox', { name: 'Staff may edit the site’s content' });
const switchStatus = (page: Page) => page.locator('.console-people__editing').getByRole('status');

/** Staff open the documents page afresh: read-only (told why, and who can change it), or editable. */
async function staffDocuments(page: Page): Promise<'readOnly' | 'editable'> {
  await page.goto(`${server.baseUrl}/admin/#/content`);
  await page.reload();
  await page.getByRole('link', { name: 'Home: hero', exact: true }).waitFor({ timeout: 15_000 });
  return (await readOnlyNote(page).count()) > 0 ? 'readOnly' : 'editable';
}

describe('an owner lets staff edit the site, in Chromium', () => {
  it('staff read only; the owner ticks the switch on the People page; staff then edit and publish', async () => {
    const staff = await signedIn('sipho@lumina.test', 'staff');
    const owner = await signedIn('owner@lumina.test', 'owner');

    // Before: staff read, and are told who can change that and where.
    expect(await staffDocuments(staff.page)).toBe('readOnly');
    expect(await readOnlyNote(staff.page).innerText()).toContain('An owner can allow it on the People page (“Staff may edit the site’s content”).');
    await staff.page.getByRole('link', { name: 'Home: hero', exact: true }).click();
    await readOnlyNote(staff.page).waitFor({ timeout: 10_000 });

    // The owner's People page: the switch, off as loaded, with what it changes beside it.
    await owner.page.goto(`${server.baseUrl}/admin/#/people`);
    await theSwitch(owner.page).waitFor({ timeout: 15_000 });
    expect(await theSwitch(owner.page).isChecked()).toBe(false);
    const group = owner.page.getByRole('group', { name: 'Editing the site’s content' });
    expect(await group.innerText()).toMatch(/edit, preview and publish its documents, add projects, restore earlier revisions and upload pictures/);
    expect(await group.innerText()).toMatch(/Deleting pictures, people, backups and this switch stay with owners/);
    await owner.page.screenshot({ path: screenshotPath('console-people-switch-off-1280'), fullPage: true });
    expect(await axeViolations(owner.page, 'main')).toEqual([]);

    await theSwitch(owner.page).check();
    await expect.poll(() => switchStatus(owner.page).innerText(), { timeout: 10_000 }).toBe('Saved: staff may now edit and publish the site’s content and upload pictures.');
    expect(await theSwitch(owner.page).isChecked()).toBe(true);
    await owner.page.locator('.console-people__editing').scrollIntoViewIfNeeded();
    await owner.page.screenshot({ path: screenshotPath('console-people-switch-on-1280'), fullPage: false });
    expect(await axeViolations(owner.page, 'main')).toEqual([]);

    // At 375 px: the page fits, the switch and its words read down the screen.
    await owner.page.setViewportSize({ width: 375, height: 800 });
    await owner.page.reload();
    await theSwitch(owner.page).waitFor({ timeout: 15_000 });
    expect(await theSwitch(owner.page).isChecked()).toBe(true);
    await owner.page.locator('.console-people__editing').scrollIntoViewIfNeeded();
    await owner.page.screenshot({ path: screenshotPath('console-people-switch-375'), fullPage: true });
    expect(await owner.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeViolations(owner.page, 'main')).toEqual([]);

    // Staff may now open the editor and publish.
    expect(await staffDocuments(staff.page)).toBe('editable');
    await staff.page.getByRole('link', { name: 'Home: hero', exact: true }).click();
    const heading = staff.page.getByLabel('Heading', { exact: true }).first();
    await expect.poll(() => heading.isEditable(), { timeout: 10_000 }).toBe(true);
    expect(await readOnlyNote(staff.page).count()).toBe(0);
    await heading.fill('Screens that sell, built by staff');
    await staff.page.getByRole('button', { name: 'Publish', exact: true }).click();
    await staff.page.getByLabel(/What changed/).fill('Heading from staff');
    await staff.page.getByRole('button', { name: 'Publish now' }).click();
    await expect.poll(() => staff.page.getByRole('status').filter({ hasText: /^Published as revision/ }).innerText(), { timeout: 30_000 }).toMatch(/^Published as revision 1\./);

    // The audit log names who changed the rule.
    await owner.page.goto(`${server.baseUrl}/admin/#/audit`);
    const entry = owner.page.getByRole('row').filter({ hasText: 'Changed whether staff may edit the site' });
    await entry.first().waitFor({ timeout: 15_000 });
    expect(await entry.first().innerText()).toContain('owner@lumina.test');

    // Unticked: staff read only again.
    await owner.page.goto(`${server.baseUrl}/admin/#/people`);
    await theSwitch(owner.page).uncheck();
    await expect.poll(() => switchStatus(owner.page).innerText(), { timeout: 10_000 }).toBe('Saved: only owners may now change the site’s content; staff can still read it.');
    expect(await staffDocuments(staff.page)).toBe('readOnly');

    // The session check before signing in is a 401, as on every console page.
    expect(owner.problems.filter((problem) => !problem.includes('status of 401'))).toEqual([]);
    expect(staff.problems.filter((problem) => !problem.includes('status of 401'))).toEqual([]);
  }, 180_000);
});
