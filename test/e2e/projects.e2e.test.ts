// The projects in Chromium at 375 and 1280 px: the grid's filter (only the chosen cards, the
// address, a reload keeps it, served filtered), the project popup (its content from its page,
// Escape and Back close it, the focus back on the card, a failed load says so), the project
// page without JavaScript, and the before/after comparison by drag and by keys. axe WCAG 2.2 AA
// on the project page and the open popup; no layout shift, also none that a filter's press makes
// after the 500 ms that follow it (ARCHITECTURE.md, "Projects"); screenshots.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { projects } from '../support/site-content.ts';
import { projectPages } from '../support/site-content.ts';
import { axeViolations } from './support/axe.ts';
import { launchChromium, screenshotPath } from './support/browser.ts';
import { layoutShiftAfterPress, recordLayoutShifts } from './support/layout-shift.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const CATEGORY = 'control-room';
const categoryLabel = projects.categories.find((category) => category.id === CATEGORY)!.label;
const inCategory = projects.items.filter((project) => project.category === CATEGORY);
const project = projects.items.find((item) => item.id === 'n1-gateway-billboard')!;
const compared = projects.items.find((item) => projectPages.projects[item.id]!.beforeAfter)!;
const { popup } = projects;

async function open(width: number, path = '/', options: BrowserContextOptions = {}) {
  // bypassCSP: axe is injected as an inline script.
  const context = await browser.newContext({ viewport: { width, height: width < 700 ? 800 : 900 }, bypassCSP: true, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const shifts = await recordLayoutShifts(page);
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  return { context, page, errors, shifts };
}

const visibleCards = (page: Page) => page.locator('#project-grid > li:visible .project-card__link').allInnerTexts();

describe('the projects', () => {
  for (const width of [375, 1280]) {
    it(`filter to one category, in the address; a reload keeps it (${width} px)`, async () => {
      const { context, page, errors, shifts } = await open(width, '/#projects');
      const filter = page.getByRole('group', { name: projects.filter.label });
      await filter.getByRole('button', { name: categoryLabel }).click();
      await expect.poll(() => visibleCards(page)).toEqual(inCategory.map((item) => item.name));
      expect(new URL(page.url()).search).toBe(`?category=${CATEGORY}`);
      expect(await filter.getByRole('button', { name: categoryLabel }).getAttribute('aria-pressed')).toBe('true');
      expect(await page.getByRole('status').filter({ hasText: 'Showing' }).innerText()).toBe(`Showing 1 of ${projects.items.length} projects`);
      // The cards are where they belong once moved (gsap Flip leaves no inline position behind).
      await expect.poll(() => page.locator('#project-grid > li[style*="position: absolute"]').count()).toBe(0);
      await page.screenshot({ path: screenshotPath(`projects-filtered-${width}`) });
      await page.reload({ waitUntil: 'networkidle' });
      expect(await visibleCards(page)).toEqual(inCategory.map((item) => item.name));
      expect(await page.getByRole('button', { name: categoryLabel }).getAttribute('aria-pressed')).toBe('true');
      // All again, by the keyboard (a toggle button answers Space).
      await page.getByRole('button', { name: projects.filter.all, exact: true }).focus();
      await page.keyboard.press('Space');
      await expect.poll(() => visibleCards(page)).toEqual(projects.items.map((item) => item.name));
      expect(new URL(page.url()).search).toBe('');
      expect(await shifts()).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`every filter, pressed in turn and back to All, has the grid in its final layout within 500 ms: nothing shifts after (${width} px)`, async () => {
      const { context, page, errors } = await open(width, '/#projects');
      const filter = page.getByRole('group', { name: projects.filter.label });
      const scores: Record<string, number> = {};
      const shifted: string[] = [];
      for (const choice of [...projects.categories, { id: null, label: projects.filter.all }]) {
        const { score, shifts } = await layoutShiftAfterPress(page, async () => {
          await filter.getByRole('button', { name: choice.label, exact: true }).click();
          if (choice.id !== 'outdoor-display') return;
          // The second choice (gsap Flip is here since the first) moves the cards by transforms:
          // a picture mid-move, then after (the cards that leave fade where they were). On a
          // loaded machine the move can be over before a frame is seen, or the choice shown
          // without it (CARD_MEASURE_TIMEOUT_MS): the picture is then of the end, and the
          // layout shift, measured either way, is what this test holds.
          const moving = await page
            .waitForFunction(() => document.querySelector('#project-grid > li[style*="transform"]') !== null, undefined, { polling: 'raf', timeout: 3_000 })
            .then(() => true, () => false);
          await page.screenshot({ path: screenshotPath(`projects-filter-${moving ? 'moving' : 'moved-at-once'}-${width}`) });
        });
        scores[choice.label] = score;
        if (score >= 0.001) shifted.push(`${choice.label}: ${score} from ${shifts.join('; ')}`);
        if (choice.id === 'outdoor-display') await page.screenshot({ path: screenshotPath(`projects-filter-moved-${width}`) });
        const inChoice = projects.items.filter((item) => choice.id === null || item.category === choice.id);
        expect(await visibleCards(page)).toEqual(inChoice.map((item) => item.name));
      }
      console.info(`layout shift after each press at ${width} px: ${JSON.stringify(scores)}`);
      expect(shifted).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`a first choice while the animation's chunk is slow to come shows at once, and nothing shifts after (${width} px)`, async () => {
      const { context, page, errors } = await open(width, '/#projects');
      // gsap Flip arrives 1.5 s after it is asked for (a slow network).
      await page.route('**/assets/Flip-*.js', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      const outdoor = projects.categories.find((category) => category.id === 'outdoor-display')!;
      const { score, shifts } = await layoutShiftAfterPress(page, () =>
        page.getByRole('group', { name: projects.filter.label }).getByRole('button', { name: outdoor.label }).click(),
      );
      expect(shifts).toEqual([]);
      expect(score).toBe(0);
      expect(await visibleCards(page)).toEqual(projects.items.filter((item) => item.category === outdoor.id).map((item) => item.name));
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`open a project in the popup, its content from its page; Escape and Back close it, the focus back on the card (${width} px)`, async () => {
      const { context, page, errors, shifts } = await open(width, '/#projects');
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      const card = page.getByRole('link', { name: project.name });
      await card.click();
      const dialog = page.getByRole('dialog', { name: project.name });
      await dialog.getByRole('heading', { level: 1, name: project.name }).waitFor();
      expect(requested).toContain(`/projects/${project.id}/`);
      expect(await dialog.innerText()).toContain(projectPages.projects[project.id]!.story[0]);
      expect(new URL(page.url()).pathname).toBe(`/projects/${project.id}/`);
      expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
      await page.screenshot({ path: screenshotPath(`projects-popup-${width}`) });
      expect(await axeViolations(page, '#project-popup')).toEqual([]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => new URL(page.url()).pathname).toBe('/');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(project.name);
      // Back closes it too; Forward opens it again.
      await card.click();
      await dialog.getByRole('heading', { level: 1, name: project.name }).waitFor();
      await page.goBack();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(project.name);
      await page.goForward();
      await dialog.getByRole('heading', { level: 1, name: project.name }).waitFor();
      await dialog.getByRole('button', { name: popup.close }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await shifts()).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('says so in the popup when the project cannot be loaded, with a link to its page', async () => {
    const { context, page } = await open(1280, '/#projects');
    await page.route(`**/projects/${project.id}/`, (route) => route.fulfill({ status: 503, body: 'Service Unavailable' }));
    await page.getByRole('link', { name: project.name }).click();
    const dialog = page.getByRole('dialog', { name: project.name });
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain(popup.error);
    expect(await alert.getByRole('link', { name: popup.openPage }).getAttribute('href')).toBe(`/projects/${project.id}/`);
    expect(await axeViolations(page, '#project-popup')).toEqual([]);
    await context.close();
  });

  it('a project page works with JavaScript off: its story and both pictures of the comparison', async () => {
    const { context, page } = await open(375, `/projects/${compared.id}/`, { javaScriptEnabled: false });
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(compared.name);
    const own = projectPages.projects[compared.id]!;
    expect(await page.locator('main').innerText()).toContain(own.story[1]);
    for (const image of [own.beforeAfter!.before, own.beforeAfter!.after]) {
      expect(await page.getByRole('img', { name: image.alt }).isVisible()).toBe(true);
    }
    expect(await page.getByRole('link', { name: projectPages.words.back }).first().getAttribute('href')).toBe('/#projects');
    await page.screenshot({ path: screenshotPath('project-page-no-js-375'), fullPage: true });
    await context.close();
  });

  it('the comparison follows a sideways swipe on a touch screen, and a vertical swipe scrolls the page instead', async () => {
    const { context, page, errors } = await open(375, `/projects/${compared.id}/`, { hasTouch: true, isMobile: true });
    const slider = page.getByRole('slider', { name: projectPages.words.divider });
    await slider.scrollIntoViewIfNeeded();
    const stage = (await page.locator('.before-after__stage').boundingBox())!;
    const cdp = await context.newCDPSession(page);
    const swipe = async (from: { x: number; y: number }, to: { x: number; y: number }) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
      for (let step = 1; step <= 8; step += 1) {
        const point = { x: from.x + ((to.x - from.x) * step) / 8, y: from.y + ((to.y - from.y) * step) / 8 };
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    const middle = { x: stage.x + stage.width / 2, y: stage.y + stage.height / 2 };
    const scrolled = await page.evaluate(() => window.scrollY);
    await swipe(middle, { x: middle.x, y: middle.y - 150 });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled + 50);
    expect(await slider.getAttribute('aria-valuenow')).toBe('50');
    const now = (await page.locator('.before-after__stage').boundingBox())!;
    const centre = { x: now.x + now.width / 2, y: now.y + now.height / 2 };
    await swipe(centre, { x: now.x + now.width * 0.8, y: centre.y });
    await expect.poll(async () => Number(await slider.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(78);
    expect(Number(await slider.getAttribute('aria-valuenow'))).toBeLessThanOrEqual(82);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const width of [375, 1280]) {
    it(`the comparison moves by drag and by keys, shifting nothing; the page passes axe (${width} px)`, async () => {
      const { context, page, errors, shifts } = await open(width, `/projects/${compared.id}/`);
      const slider = page.getByRole('slider', { name: projectPages.words.divider });
      await slider.scrollIntoViewIfNeeded();
      expect(await slider.getAttribute('aria-valuenow')).toBe('50');
      const stage = (await page.locator('.before-after__stage').boundingBox())!;
      const y = stage.y + stage.height / 2;
      // A press that moves less than the threshold leaves it; past it, the divider follows.
      await page.mouse.move(stage.x + stage.width / 2, y);
      await page.mouse.down();
      await page.mouse.move(stage.x + stage.width / 2 + 5, y);
      expect(await slider.getAttribute('aria-valuenow')).toBe('50');
      await page.mouse.move(stage.x + stage.width * 0.25, y, { steps: 5 });
      await page.mouse.up();
      expect(await slider.getAttribute('aria-valuenow')).toBe('25');
      await slider.focus();
      await page.keyboard.press('ArrowRight');
      expect(await slider.getAttribute('aria-valuenow')).toBe('26');
      await page.keyboard.press('PageUp');
      expect(await slider.getAttribute('aria-valuenow')).toBe('36');
      await page.keyboard.press('End');
      expect(await slider.getAttribute('aria-valuenow')).toBe('100');
      await page.keyboard.press('Home');
      expect(await slider.getAttribute('aria-valuenow')).toBe('0');
      await page.keyboard.press('PageUp');
      await page.keyboard.press('PageUp');
      await page.keyboard.press('PageUp');
      // The "before" picture is cut at the divider.
      const clip = await page.locator('.before-after__picture--before').evaluate((element) => getComputedStyle(element).clipPath);
      expect(clip).toBe('inset(0px 70% 0px 0px)');
      await page.screenshot({ path: screenshotPath(`project-page-${width}`) });
      expect(await axeViolations(page, 'main')).toEqual([]);
      expect(await shifts()).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
