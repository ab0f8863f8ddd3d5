// What a visitor (and a screen reader) gets from each page: sections in order with their
// anchors, a menu whose links all land somewhere, one h1, headings in order, pictures with
// alternative text and reserved space.
import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { company, homeSectionIds, navigation } from '../support/site-content.ts';
import { home } from '../support/site-content.ts';
import { pages } from '../support/site-content.ts';
import { App, resolveRoute } from '../../src/views/app.tsx';
import { withSiteContent } from '../support/with-site-content.tsx';

/**
 * Renders a page and waits for its lazy parts (the home page's sections after the hero, the
 * other pages, the footer) as a visitor's browser would; the last of them is the footer.
 */
async function renderPage(path: string) {
  const result = render(withSiteContent(<App path={path} />));
  // The first import of a chunk's modules is compiled on the fly here: allow a busy machine time.
  const loaded = { timeout: 15_000 };
  await waitFor(() => expect(result.container.querySelector('#footer')).not.toBeNull(), loaded);
  await waitFor(() => expect(result.container.querySelector('#main > *')).not.toBeNull(), loaded);
  if (resolveRoute(path) === 'home') await waitFor(() => expect(result.container.querySelector('#map')).not.toBeNull(), loaded);
  return result;
}

// Pages wait for their lazy chunks, compiled on first import in this environment.
vi.setConfig({ testTimeout: 30_000 });

function headingLevels(container: HTMLElement): number[] {
  return [...container.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((heading) => Number(heading.tagName[1]));
}

function expectHeadingsInOrder(container: HTMLElement) {
  const levels = headingLevels(container);
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  expect(levels[0]).toBe(1);
  levels.forEach((level, index) => {
    if (index > 0) expect(level, `heading ${index} jumps from h${levels[index - 1]} to h${level}`).toBeLessThanOrEqual(levels[index - 1]! + 1);
  });
}

describe('the route map', () => {
  it('resolves each page from its path, and everything else to the 404 page', async () => {
    expect(resolveRoute('/')).toBe('home');
    expect(resolveRoute('/index.html')).toBe('home');
    expect(resolveRoute('/thank-you/')).toBe('thankYou');
    expect(resolveRoute('/thank-you')).toBe('thankYou');
    expect(resolveRoute('/thank-you/index.html')).toBe('thankYou');
    expect(resolveRoute('/404.html')).toBe('notFound');
    expect(resolveRoute('/no-such-page/')).toBe('notFound');
    expect(resolveRoute('/wp-admin')).toBe('notFound');
  });
});

describe('the home page', () => {
  it('shows every section in order, each with its anchor', async () => {
    const { container } = await renderPage('/');
    const ids = [...container.querySelectorAll('[id]')].map((element) => element.id).filter((id) => (homeSectionIds as readonly string[]).includes(id));
    expect(ids).toEqual([...homeSectionIds]);
    for (const id of homeSectionIds) expect(container.querySelectorAll(`[id="${id}"]`), id).toHaveLength(1);
  });

  it('wraps the page in landmarks: banner, navigation, main and contentinfo', async () => {
    await renderPage('/');
    expect(screen.getByRole('banner')).toHaveAttribute('id', 'header');
    expect(screen.getByRole('contentinfo')).toHaveAttribute('id', 'footer');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('navigation', { name: navigation.label })).toBeInTheDocument();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveAttribute('href', '#main');
    expect(document.body.firstElementChild?.querySelector('a')).toBe(skip);
  });

  it('has a main menu whose every link lands on a section of the page', async () => {
    const { container } = await renderPage('/');
    const menu = screen.getByRole('navigation', { name: navigation.label });
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(navigation.mainMenu.map((item) => item.label));
    const allLinks = [...container.querySelectorAll<HTMLAnchorElement>('a[href^="/#"], a[href^="#"]')];
    expect(allLinks.length).toBeGreaterThan(links.length);
    for (const link of allLinks) {
      const id = link.getAttribute('href')!.split('#')[1]!;
      expect(document.getElementById(id), `${link.textContent} → #${id}`).not.toBeNull();
    }
  });

  it('has one h1 and headings that never skip a level', async () => {
    const { container } = await renderPage('/');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(home.hero.heading);
    expectHeadingsInOrder(container);
  });

  it('names every section by its heading', async () => {
    const { container } = await renderPage('/');
    for (const section of container.querySelectorAll('main section')) {
      const labelledBy = section.getAttribute('aria-labelledby');
      expect(labelledBy, section.id).toBeTruthy();
      expect(document.getElementById(labelledBy!)?.textContent).toBeTruthy();
    }
  });

  it('renders the content of every section, statically', async () => {
    const { container } = await renderPage('/');
    for (const service of home.services.items) expect(screen.getByRole('heading', { name: service.title })).toBeInTheDocument();
    for (const project of home.projects.items) expect(screen.getByRole('heading', { name: project.name })).toBeInTheDocument();
    for (const item of home.gallery.items) expect(screen.getByText(item.caption)).toBeInTheDocument();
    // Counters (a lazy chunk) give screen readers their final numbers, with South African
    // thousands spacing, whatever the counting digits show (the counter's model test checks those).
    await waitFor(() => expect(container.querySelector('[data-value="9400"] .visually-hidden')?.textContent).toBe('9\u00a0400 m²'), { timeout: 15_000 });
    // The testimonials slider is a lazy chunk (the prerender waits for it): every quote, once it is in.
    await screen.findByText(home.testimonials.items[0]!.quote, undefined, { timeout: 15_000 });
    for (const testimonial of home.testimonials.items) expect(screen.getByText(testimonial.quote)).toBeInTheDocument();
    await screen.findByRole('img', { name: home.clients.items[0]!.name }, { timeout: 15_000 });
    for (const client of home.clients.items) expect(screen.getByRole('img', { name: client.name })).toBeInTheDocument();
    // FAQ blocks are a lazy chunk (the prerender waits for it): every question is a heading
    // with its answer in the page, open until the blocks' machines run.
    await screen.findByRole('heading', { level: 3, name: home.faq.items[0]!.question }, { timeout: 15_000 });
    for (const item of home.faq.items) {
      const question = screen.getByRole('heading', { level: 3, name: item.question });
      expect(question.closest('.faq-item')).toHaveTextContent(item.answer[0]!);
    }
    expect(screen.getByText(home.newsletter.intro)).toBeInTheDocument();
  });

  it('gives every way to reach the company as a working link', async () => {
    const { container } = await renderPage('/');
    const hrefs = [...container.querySelectorAll('a')].map((link) => link.getAttribute('href'));
    for (const office of company.offices) {
      expect(hrefs).toContain(`tel:${office.phone.replace(/\s/g, '')}`);
      expect(hrefs).toContain(`mailto:${office.email}`);
      expect(hrefs).toContain(office.mapsUrl);
    }
    for (const url of Object.values(company.social)) expect(hrefs).toContain(url);
    for (const entry of company.hours) expect(screen.getByText(entry.days)).toBeInTheDocument();
    // The newsletter form needs JavaScript: without it, an e-mail link with a subject (in <noscript>,
    // whose content only the server renders).
    expect(container.querySelector('#newsletter noscript')).not.toBeNull();
  });

  it('serves pictures as AVIF, WebP and a fallback, with sizes reserved and only the hero eager', async () => {
    const { container } = await renderPage('/');
    const images = [...container.querySelectorAll('img')];
    expect(images.length).toBe(1 + 1 + home.projects.items.length + home.gallery.items.length + home.videos.items.length + 1);
    for (const image of images) {
      expect(image.getAttribute('alt'), image.src).toBeTruthy();
      expect(Number(image.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(image.getAttribute('height'))).toBeGreaterThan(0);
      expect(image.getAttribute('srcset')).toMatch(/^\/assets\/images\/\S+\.(jpg|png) \d+w(, \S+ \d+w)*$/);
      const sources = [...image.parentElement!.querySelectorAll('source')].map((source) => source.getAttribute('type'));
      expect(sources).toEqual(['image/avif', 'image/webp']);
    }
    const [hero, ...rest] = images;
    expect(hero).toHaveAttribute('alt', home.hero.image.alt);
    expect(hero).toHaveAttribute('fetchpriority', 'high');
    expect(hero).not.toHaveAttribute('loading');
    for (const image of rest) {
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).toHaveAttribute('decoding', 'async');
    }
  });
});

describe('the thank-you page', () => {
  it('thanks the visitor and shows the way back, inside the same header and footer', async () => {
    const { container } = await renderPage('/thank-you/');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(pages.thankYou.heading);
    expect(screen.getByRole('link', { name: pages.thankYou.primaryAction.label })).toHaveAttribute('href', '/');
    expect(container.querySelector('#header')).not.toBeNull();
    expect(container.querySelector('#footer')).not.toBeNull();
    expect(container.querySelector('#home')).toBeNull();
    expectHeadingsInOrder(container);
  });
});

describe('the 404 page', () => {
  it('says the page does not exist and links to the home page sections', async () => {
    const { container } = await renderPage('/no-such-page/');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(pages.notFound.heading);
    for (const link of pages.notFound.links) expect(screen.getByRole('link', { name: link.label })).toHaveAttribute('href', link.href);
    expect(container.querySelector('#projects')).toBeNull();
    expectHeadingsInOrder(container);
  });
});
