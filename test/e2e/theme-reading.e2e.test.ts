// The reading sections in real Chromium: FAQ blocks open and close with a click and with Enter
// (aria-expanded follows, find-in-page can reveal a closed answer), the "How we work" tabs follow
// the arrow keys, Home and End, the coming-soon arrows step through the items and announce them,
// the countdown ticks every second (and shows its closing copy once the day has passed). All of
// it reads with JavaScript off, passes axe (WCAG 2.2 AA) and is photographed at 375 and 1280 px.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { home } from '../support/site-content.ts';
import { axeViolations } from './support/axe.ts';
import { recordLayoutShifts } from './support/layout-shift.ts';
import { launchChromium, screenshotPath } from './support/browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const { faq, process, upcoming } = home;
const openDay = Date.parse(upcoming.countdown.startsAt);

async function open(options: BrowserContextOptions & { clockAt?: number } = {}) {
  const { clockAt, ...contextOptions } = options;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...contextOptions });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // The countdown depends on today's date: the page's clock is set so the test means the same
  // thing on any day.
  if (clockAt !== undefined) await page.clock.install({ time: clockAt });
  await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
  return { context, page, errors };
}

/**
 * Brings a part into view, as a visitor reaching it would (a section hydrates as it comes near),
 * and waits until it has hydrated (its machine left the prerendered state).
 */
async function hydrated(page: Page, selector: string, prerenderedState: string) {
  await page.locator(selector).first().scrollIntoViewIfNeeded();
  await page.waitForFunction(
    ([css, state]) => {
      const element = document.querySelector(css!);
      return element !== null && element.getAttribute('data-state') !== state;
    },
    [selector, prerenderedState],
  );
}

describe('the reading sections in Chromium', () => {
  it('read fully with JavaScript off: every stage, every answer, every upcoming item and the date', async () => {
    const { context, page } = await open({ javaScriptEnabled: false });
    for (const step of process.steps) {
      expect(await page.getByText(step.text).isVisible(), step.id).toBe(true);
    }
    for (const item of faq.items) expect(await page.getByText(item.answer[0]!).isVisible(), item.id).toBe(true);
    for (const item of upcoming.comingSoon.items) expect(await page.getByText(item.text).isVisible(), item.id).toBe(true);
    expect(await page.locator('#upcoming time').getAttribute('datetime')).toBe(upcoming.countdown.startsAt);
    expect(await page.locator('#upcoming time').isVisible()).toBe(true);
    // No control that would do nothing, and no "--" digits waiting for a clock that never starts.
    expect(await page.locator('#process [role="tab"]:visible, #faq button:visible, #upcoming button:visible').count()).toBe(0);
    expect(await page.locator('#upcoming .countdown__timer').isVisible()).toBe(false);
    await page.locator('#upcoming').screenshot({ path: screenshotPath('reading-upcoming-no-js-1280') });
    await context.close();
  });

  // "Nothing" as a visitor sees it: the layout shift score no input caused stays below 0.01, a
  // tenth of Core Web Vitals' "good" (0.1). A page that swapped the prerendered panel for a
  // different one scores far above it (the whole section moves); a loaded machine can still
  // report a sub-pixel settle of a few thousandths, which no visitor sees. Every shift is named
  // in a failure (what moved, from where to where).
  it.each(['process', 'upcoming', 'faq'])('shifts nothing when the page opens on #%s and the section hydrates', async (id) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const shifts = await recordLayoutShifts(page);
    await page.goto(`${baseUrl}/#${id}`, { waitUntil: 'networkidle' });
    // The section the page opened on has hydrated, with no scroll of the test's.
    const part = { process: ['#process .tabs', 'stacked'], upcoming: ['#upcoming .coming-soon', 'listed'], faq: [`#faq-${faq.items[0]!.id}`, 'static'] }[id]!;
    await page.waitForFunction(([css, state]) => document.querySelector(css!)?.getAttribute('data-state') !== state, part);
    await page.waitForTimeout(500);
    const seen = await shifts();
    const score = seen.reduce((sum, shift) => sum + Number.parseFloat(shift), 0);
    expect(score, seen.join('\n')).toBeLessThan(0.01);
    await context.close();
  });

  it('opens and closes an FAQ block with a click and with Enter; aria-expanded follows', async () => {
    const { context, page, errors } = await open();
    await hydrated(page, `#faq-${faq.items[0]!.id}`, 'static');
    const [first, second] = faq.items as [(typeof faq.items)[0], (typeof faq.items)[0]];
    const button = page.getByRole('button', { name: first.question });
    const answer = page.locator(`#faq-${first.id}-answer`);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await button.getAttribute('aria-controls')).toBe(`faq-${first.id}-answer`);
    expect(await answer.getAttribute('hidden')).toBe('until-found');
    // Closed, it takes no room at all (until-found hides with content-visibility, not display).
    expect(await answer.isVisible()).toBe(false);
    expect(await answer.evaluate((element) => element.getBoundingClientRect().height)).toBe(0);

    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await answer.waitFor({ state: 'visible' });
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await answer.waitFor({ state: 'hidden' });

    await button.focus();
    await page.keyboard.press('Enter');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await answer.waitFor({ state: 'visible' });
    await page.keyboard.press('Enter');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await answer.waitFor({ state: 'hidden' });

    // A link (like find-in-page) into a closed answer reveals it and the block says it is open.
    await page.evaluate((id) => {
      window.location.hash = id;
    }, `faq-${second.id}-answer`);
    await page.locator(`#faq-${second.id}-answer`).waitFor({ state: 'visible' });
    expect(await page.getByRole('button', { name: second.question }).getAttribute('aria-expanded')).toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('moves between the tabs with the arrow keys (wrapping), Home and End; the panel follows', async () => {
    const { context, page, errors } = await open();
    await hydrated(page, '#process .tabs', 'stacked');
    const tabs = page.getByRole('tablist', { name: process.tabsLabel }).getByRole('tab');
    expect(await tabs.count()).toBe(process.steps.length);
    const tablist = page.getByRole('tablist', { name: process.tabsLabel });
    const selectedLabel = async () => (await tablist.getByRole('tab', { selected: true }).innerText()).replace(/^\d+\s*/, '');
    const focusedIsSelected = () => page.evaluate(() => document.activeElement?.getAttribute('aria-selected') === 'true');
    const panelHeight = () => page.locator('#process .tabs__panels').evaluate((element) => element.getBoundingClientRect().height);
    const height = await panelHeight();

    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    expect(await selectedLabel()).toBe(process.steps[1]!.label);
    expect(await focusedIsSelected()).toBe(true);
    expect(await page.locator('#process').getByRole('tabpanel').getAttribute('id')).toBe(`process-panel-${process.steps[1]!.id}`);
    expect(await page.locator('#process').getByRole('tabpanel').innerText()).toContain(process.steps[1]!.text);

    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await selectedLabel()).toBe(process.steps.at(-1)!.label);
    await page.keyboard.press('ArrowRight');
    expect(await selectedLabel()).toBe(process.steps[0]!.label);
    await page.keyboard.press('End');
    expect(await selectedLabel()).toBe(process.steps.at(-1)!.label);
    await page.keyboard.press('Home');
    expect(await selectedLabel()).toBe(process.steps[0]!.label);
    expect(await focusedIsSelected()).toBe(true);
    // Roving tabindex: Tab leaves the tab list for the panel.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('tabpanel');

    await tabs.nth(2).click();
    expect(await selectedLabel()).toBe(process.steps[2]!.label);
    // Switching tabs changes nothing's size: the panels keep the tallest panel's height.
    expect(await panelHeight()).toBe(height);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('steps through the coming-soon items with the arrows and the keys, and announces them', async () => {
    const { context, page, errors } = await open();
    await hydrated(page, '#upcoming .coming-soon', 'listed');
    const { items, nextLabel, previousLabel } = upcoming.comingSoon;
    const live = page.locator('#upcoming [aria-live="polite"]');
    const shownTitle = () => page.locator('#upcoming .coming-soon__item:not([hidden]) h4').innerText();
    expect(await shownTitle()).toBe(items[0]!.title);
    expect(await live.innerText()).toBe('');

    await page.getByRole('button', { name: nextLabel }).click();
    expect(await shownTitle()).toBe(items[1]!.title);
    expect(await live.innerText()).toBe(`2 of ${items.length}: ${items[1]!.title}, ${items[1]!.when}`);
    await page.getByRole('button', { name: previousLabel }).click();
    await page.getByRole('button', { name: previousLabel }).click();
    expect(await shownTitle()).toBe(items.at(-1)!.title);

    // ArrowDown/ArrowUp while the focus is in the panel, without scrolling the page.
    const scrollY = await page.evaluate(() => window.scrollY);
    await page.keyboard.press('ArrowDown');
    expect(await shownTitle()).toBe(items[0]!.title);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    expect(await shownTitle()).toBe(items[0]!.title);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);
    expect(await live.innerText()).toBe(`1 of ${items.length}: ${items[0]!.title}, ${items[0]!.when}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('ticks the countdown every second, silently for screen readers', async () => {
    // 2 days, 3 hours, 4 minutes and 5 seconds before the open day.
    const start = openDay - (((2 * 24 + 3) * 60 + 4) * 60 + 5) * 1000;
    const { context, page, errors } = await open({ clockAt: start });
    const timer = page.getByRole('timer');
    await page.locator('#upcoming').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector('.countdown__value')?.textContent !== '--');
    expect(await timer.getAttribute('aria-live')).toBe('off');
    const digits = () => page.locator('.countdown__value').allInnerTexts();
    // Stop the page's clock 20 s after the start (loading took less), then let it run.
    await page.clock.pauseAt(start + 20_000);
    await page.clock.runFor(1000);
    expect(await digits()).toEqual(['02', '03', '03', '44']);
    await page.clock.runFor(1000);
    expect(await digits()).toEqual(['02', '03', '03', '43']);
    await page.clock.runFor(5000);
    expect(await digits()).toEqual(['02', '03', '03', '38']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the closing copy once the open day has passed', async () => {
    const { context, page, errors } = await open({ clockAt: openDay + 60_000 });
    await page.locator('#upcoming').scrollIntoViewIfNeeded();
    await page.getByText(upcoming.countdown.finishedText).waitFor();
    expect(await page.getByRole('timer').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([375, 1280])('has no WCAG 2.2 AA violations (axe) at %i px, with blocks open; screenshots', async (width) => {
    const { context, page, errors } = await open({ viewport: { width, height: 900 }, bypassCSP: true, clockAt: openDay - 3 * 86_400_000 - 7_000 });
    await hydrated(page, '#process .tabs', 'stacked');
    await hydrated(page, '#upcoming .coming-soon', 'listed');
    await hydrated(page, `#faq-${faq.items[0]!.id}`, 'static');
    await page.getByRole('button', { name: faq.items[1]!.question }).click();
    await page.locator('#process').getByRole('tab', { name: process.steps[1]!.label }).click();
    for (const selector of ['#process', '#upcoming', '#faq']) expect(await axeViolations(page, selector), selector).toEqual([]);
    for (const id of ['process', 'upcoming', 'faq']) {
      await page.locator(`#${id}`).screenshot({ path: screenshotPath(`reading-${id}-${width}`) });
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
