// The console's page in Chromium (README.md "The console"): served at /admin/, noindex and
// no-store, loading none of the public site's chunks nor the site any of its own; the sign-in
// page renders, with passkey autofill where Chromium offers it, axe-clean and without a
// horizontal scroll at 375 and 1280 px. The session answer is the server's "signed out"
// (the routes may be absent from this build); the full journey with a virtual authenticator
// (support/virtual-authenticator.ts) belongs with the console's server routes.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from './support/axe.ts';
import { launchChromium, screenshotPath, watchProblems } from './support/browser.ts';
import { addVirtualAuthenticator } from './support/virtual-authenticator.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function signedOut(page: Page) {
  await page.route('**/admin/api/session', (route) =>
    route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ code: 'console_session_required', message: 'Sign in first.', data: { status: 401 } }) }),
  );
  // The autofill's ceremony waits for its options (never answered here): the page as it waits
  // for the person to pick a passkey.
  await page.route('**/admin/api/sign-in/options', () => {});
}

describe('the console in Chromium', () => {
  it('is served at /admin/ with noindex and no-store, and /admin redirects there', async () => {
    const page = await fetch(`${baseUrl}/admin/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toContain('<title>Console — Lumina Display Engineering</title>');
    const bare = await fetch(`${baseUrl}/admin`, { redirect: 'manual' });
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/admin/');
  });

  it('shares no chunk with the home page', async () => {
    const scripts = (html: string) => new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(([, url]) => url));
    const home = scripts(await (await fetch(`${baseUrl}/`)).text());
    const console = scripts(await (await fetch(`${baseUrl}/admin/`)).text());
    expect(console.size).toBeGreaterThan(0);
    expect([...console].filter((url) => home.has(url))).toEqual([]);
  });

  it.each([375, 1280])('shows the sign-in page, axe-clean, without a horizontal scroll (%i px)', async (width) => {
    const context = await browser.newContext({ viewport: { width, height: 800 }, bypassCSP: true });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await signedOut(page);
    const authenticator = await addVirtualAuthenticator(page);
    await page.goto(`${baseUrl}/admin/`);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
    // Chromium offers passkeys in the field's autofill (conditional mediation).
    expect(await page.locator('input[autocomplete="username webauthn"]').count()).toBe(1);
    expect(await page.title()).toBe('Sign in — Console — Lumina Display Engineering');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeViolations(page, 'body')).toEqual([]);
    await page.screenshot({ path: screenshotPath(`console-sign-in-${String(width)}`), fullPage: true });
    expect(problems.filter((problem) => !problem.includes('401'))).toEqual([]);
    await authenticator.remove();
    await context.close();
  });

  it('explains an enrolment link the server does not know, under the site\'s CSP', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = watchProblems(page);
    await signedOut(page);
    await page.route('**/admin/api/enrolment', (route) =>
      route.fulfill({ status: 410, contentType: 'application/json', body: JSON.stringify({ code: 'console_invitation_expired', message: 'Expired.', data: { status: 410 } }) }),
    );
    await page.goto(`${baseUrl}/admin/#/enrol/tok_expired`);
    await page.getByRole('heading', { level: 1, name: 'This link cannot be used' }).waitFor();
    expect(await page.getByText('This link has expired or was already used. Ask the owner for a new invitation.').count()).toBe(1);
    // Nothing the console loads is refused by the Content-Security-Policy.
    expect(problems.filter((problem) => !/status of (401|410)/.test(problem))).toEqual([]);
    await context.close();
  });
});
