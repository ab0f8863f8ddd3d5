// Sections hydrate as the visitor meets them, in real Chromium: a phone opening the home page
// runs the code of the first screen only (a section far below keeps its prerendered HTML, its
// machines not started), and a section hydrates before it is used when it comes near the
// viewport, when the page opens on it (#fragment), when an in-page link or the keyboard's focus
// reaches it, and on a press aimed at it before anything else woke it (the press still works).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { home } from '../support/site-content.ts';
import { launchChromium, watchProblems } from './support/browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const firstFaq = home.faq.items[0]!;

/** The FAQ is hydrated once its first question is a button (prerendered, it is a heading). */
const faqHydrated = (page: Page) => page.locator(`#faq-${firstFaq.id} button`).count().then((count) => count === 1);

async function open(path: string, viewport = { width: 375, height: 800 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = watchProblems(page);
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  // The application has hydrated the first screen: the header's menu toggle answers.
  await page.waitForFunction(() => document.querySelector('#header [aria-expanded]') !== null);
  return { context, page, errors };
}

describe('sections hydrate as the visitor meets them', () => {
  it('leaves a section far below the first screen as prerendered, and hydrates it as it comes near', async () => {
    const { context, page, errors } = await open('/');
    await page.waitForTimeout(1000);
    expect(await faqHydrated(page), 'the FAQ is far below a phone’s first screen').toBe(false);
    expect(await page.locator('#process .tabs').getAttribute('data-state')).toBe('stacked');
    // Scrolled to just above it: it hydrates before the visitor reaches it.
    await page.evaluate(() => window.scrollTo(0, document.getElementById('faq')!.offsetTop - 1.5 * window.innerHeight));
    await expect.poll(() => faqHydrated(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hydrates the section the page opens on', async () => {
    const { context, page, errors } = await open('/#faq');
    await expect.poll(() => faqHydrated(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hydrates the section an in-page link leads to, and a press on it then works', async () => {
    const { context, page, errors } = await open('/', { width: 1280, height: 900 });
    expect(await faqHydrated(page)).toBe(false);
    await page.locator('#header').getByRole('link', { name: 'FAQ', exact: true }).click();
    await expect.poll(() => faqHydrated(page)).toBe(true);
    const question = page.getByRole('button', { name: firstFaq.question });
    const before = await question.getAttribute('aria-expanded');
    await question.click();
    await expect.poll(() => question.getAttribute('aria-expanded')).not.toBe(before);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('delivers the first press aimed at a section nothing woke yet', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // No nearness reports (as if the press came before the observer's): the press itself has to
    // wake the gallery, and React must still deliver it.
    await page.addInitScript(() => {
      window.IntersectionObserver = class extends IntersectionObserver {
        override observe() {}
      };
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => document.querySelector('#header [aria-expanded]') !== null);
    const link = page.locator('.gallery-item__link').first();
    await page.evaluate(() => document.getElementById('gallery')!.scrollIntoView());
    await page.waitForTimeout(500);
    const address = page.url();
    // Prerendered, a picture is a plain link to the large file; hydrated, a press opens the lightbox.
    await link.click();
    await page.locator('.lg-container.lg-show-in').waitFor({ state: 'attached' });
    expect(page.url()).toBe(address);
    await context.close();
  });

  it('hydrates a section the keyboard’s focus enters', async () => {
    const { context, page, errors } = await open('/');
    expect(await faqHydrated(page)).toBe(false);
    // The focus moved into the FAQ without a scroll first (a script or assistive technology).
    await page.evaluate(() => document.querySelector<HTMLElement>('#faq a, #faq h3, #faq [tabindex]')?.focus({ preventScroll: true }));
    await page.evaluate(() => document.getElementById('faq')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true })));
    await expect.poll(() => faqHydrated(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
