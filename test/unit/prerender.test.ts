// The built site: each prerendered page carries its full text (JavaScript off still shows the
// page), its own head tags, no inline script (the CSP refuses them), compressed siblings, and
// hydrates without a mismatch. Builds the site first when dist/client is missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { act } from '@testing-library/react';
import { createElement, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { home, pages, projectPages, seo, siteContent, type PageMeta } from '../support/site-content.ts';
import { findInlineScripts } from '../../scripts/prerender.ts';
import { PAGE_LINKS_FILE, type PageLinksFile } from '../../server/click-tracking/site-pages.ts';
import { privacy } from '../support/site-content.ts';
import { prerenderTargets } from '../../src/entry-server.tsx';
import { App } from '../../src/views/app.tsx';
import { carriedPageData, PAGE_CONTENT_ID, SiteContentProvider } from '../../src/views/shared/site-content.tsx';

const clientDir = join(process.cwd(), 'dist/client');

interface Expectation {
  meta: PageMeta;
  heading: string;
  minText: number;
}

const projectExpectations = Object.fromEntries(
  home.projects.items.map((project) => {
    const { title, description } = projectPages.projects[project.id]!;
    const meta = { title, description, path: `/projects/${project.id}/` };
    return [`projects/${project.id}/index.html`, { meta, heading: project.name, minText: 1500 }];
  }),
);
const categoryExpectations = Object.fromEntries(
  home.projects.categories.map((category) => [`index@category=${category.id}.html`, { meta: seo.pages.home, heading: home.hero.heading, minText: 6000 }]),
);

const expectations: Record<string, Expectation> = {
  ...categoryExpectations,
  ...projectExpectations,
  'index.html': { meta: seo.pages.home, heading: home.hero.heading, minText: 6000 },
  'thank-you/index.html': { meta: seo.pages.thankYou, heading: pages.thankYou.heading, minText: 600 },
  '404.html': { meta: seo.pages.notFound, heading: pages.notFound.heading, minText: 500 },
  'newsletter/confirmed/index.html': { meta: seo.pages.newsletterConfirmed, heading: pages.newsletterConfirmed.heading, minText: 400 },
  'newsletter/unsubscribed/index.html': { meta: seo.pages.newsletterUnsubscribed, heading: pages.newsletterUnsubscribed.heading, minText: 400 },
  'newsletter/link-expired/index.html': { meta: seo.pages.newsletterLinkExpired, heading: pages.newsletterLinkExpired.heading, minText: 400 },
  'privacy/index.html': { meta: seo.pages.privacy, heading: privacy.notice.heading, minText: 3000 },
  'accessibility/index.html': { meta: seo.pages.accessibility, heading: privacy.accessibility.heading, minText: 1000 },
};

const files = Object.keys(expectations);

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

beforeAll(() => {
  if (existsSync(join(clientDir, 'index.html')) && existsSync(join(clientDir, '404.html')) && existsSync(join(clientDir, PAGE_LINKS_FILE))) return;
  // Built the way a developer builds it, in its own process. The first build encodes every
  // picture (AVIF is slow): minutes on a 2-core machine.
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (build.status !== 0) throw new Error(`npm run build failed with exit code ${build.status}`);
}, 15 * 60_000);

describe('the prerendered pages', () => {
  it('are exactly the prerender targets', () => {
    expect(prerenderTargets(siteContent).map((target) => target.file).sort()).toEqual([...files].sort());
  });

  it('are listed with their page id and every link, named as a click beacon names it (page-links.json)', async () => {
    const list = JSON.parse(await readFile(join(clientDir, PAGE_LINKS_FILE), 'utf8')) as PageLinksFile;
    // Every page but the 404 page (shown at addresses that are no page).
    expect(list.pages.map((page) => page.path).sort()).toEqual(prerenderTargets(siteContent).filter((target) => target.file !== '404.html').map((target) => target.path).sort());
    const home = list.pages.find((page) => page.path === '/')!;
    expect(home.postId).toBe(seo.pages.home.postId);
    expect(home.links).toContainEqual({ target: `${list.origin}/#projects`, anchor: 'Projects' });
    expect(home.links.find((link) => link.target.includes('linkedin.com'))?.anchor).toBe('LinkedIn (opens in a new tab)');
    expect(home.links.some((link) => link.anchor.startsWith(`image:${list.origin}/assets/`))).toBe(true);
    expect(list.pages.find((page) => page.path.startsWith('/projects/'))?.postId).toBe(0);
  });

  it.each(files)('%s has its full text in the root element', async (file) => {
    const document = parse(await readFile(join(clientDir, file), 'utf8'));
    const root = document.getElementById('root')!;
    const text = root.textContent!.replace(/\s+/g, ' ');
    expect(text.length).toBeGreaterThan(expectations[file]!.minText);
    expect(root.querySelector('h1')?.textContent).toBe(expectations[file]!.heading);
    expect(root.querySelector('#header')).not.toBeNull();
    expect(root.querySelector('#footer')).not.toBeNull();
    expect(document.documentElement.lang).toBe('en-ZA');
  });

  it('home page has every section, in order, with its content', async () => {
    const document = parse(await readFile(join(clientDir, 'index.html'), 'utf8'));
    const root = document.getElementById('root')!;
    const ids = ['header', 'home', 'about', 'services', 'projects', 'gallery', 'counters', 'testimonials', 'faq', 'newsletter', 'contact', 'map', 'footer'];
    expect([...root.querySelectorAll('[id]')].map((element) => element.id).filter((id) => ids.includes(id))).toEqual(ids);
    expect(root.textContent).toContain(home.faq.items[0]!.answer[0]);
    expect(root.textContent).toContain(home.testimonials.items[0]!.quote);
  });

  it.each(files)('%s has its own title, description, canonical and Open Graph tags', async (file) => {
    const document = parse(await readFile(join(clientDir, file), 'utf8'));
    const { meta } = expectations[file]!;
    expect(document.title).toBe(meta.title);
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(meta.description);
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${seo.baseUrl}${meta.path}`);
    expect(document.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe(`${seo.baseUrl}${meta.path}`);
    expect(document.querySelector('meta[property="og:image"]')?.getAttribute('content')).toMatch(/^https:\/\/.+\/assets\/images\/.+\.(jpg|png)$/);
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content') ?? 'index').toBe(meta.noindex ? 'noindex, follow' : 'index');
    expect(document.querySelectorAll('title')).toHaveLength(1);
  });

  it.each(files)('%s holds its first paint until its first screen is parsed (the element after it has begun)', async (file) => {
    // A paint of a half-parsed hero or header moves when the rest arrives: a layout shift.
    const document = parse(await readFile(join(clientDir, file), 'utf8'));
    const expect_ = document.head.querySelectorAll('link[rel="expect"]');
    expect(expect_).toHaveLength(1);
    expect(expect_[0]!.getAttribute('blocking')).toBe('render');
    const firstScreen = file.startsWith('index') ? document.getElementById('home') : file.startsWith('projects/') ? document.querySelector('.project-detail__head') : document.getElementById('main');
    expect(expect_[0]!.getAttribute('href')).toBe(`#${firstScreen!.nextElementSibling?.id}`);
  });

  it.each(files)('%s has no inline script and loads a hashed module and stylesheet', async (file) => {
    const html = await readFile(join(clientDir, file), 'utf8');
    expect(findInlineScripts(html)).toEqual([]);
    const document = parse(html);
    // JSON-LD (the home page's structured data) is data, never run: test/unit/structured-data.test.ts;
    // so is the page's content (test/unit/site-render.test.ts), which every page carries.
    expect(document.querySelectorAll(`script#${PAGE_CONTENT_ID}[type="application/json"]`)).toHaveLength(1);
    const scripts = [...document.querySelectorAll('script:not([type="application/ld+json"]):not([type="application/json"])')];
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(script.getAttribute('src')).toMatch(/^\/assets\/[\w-]+\.js$/);
      expect(script.textContent).toBe('');
    }
    expect(document.querySelector('link[rel="stylesheet"]')?.getAttribute('href')).toMatch(/^\/assets\/[\w-]+\.css$/);
    // No inline event handlers either: the CSP would refuse those too.
    expect(html).not.toMatch(/\son[a-z]+="/i);
  });

  it.each(files)('%s has brotli and gzip siblings with the same content', async (file) => {
    const source = await readFile(join(clientDir, file));
    // Buffer.equals: a deep comparison of every byte of a 140 KB page takes seconds.
    expect(brotliDecompressSync(await readFile(join(clientDir, `${file}.br`))).equals(source)).toBe(true);
    expect(gunzipSync(await readFile(join(clientDir, `${file}.gz`))).equals(source)).toBe(true);
  });

  it('loads the production build of React', async () => {
    const html = await readFile(join(clientDir, 'index.html'), 'utf8');
    const [, entry] = /<script type="module" crossorigin src="([^"]+)"/.exec(html) ?? [];
    const bundle = await readFile(join(clientDir, entry!), 'utf8');
    expect(bundle).not.toContain('react-dom.development');
    expect(bundle.length).toBeLessThan(400_000);
  });

  it('styles every prerendered part from the stylesheet in the head, none from a lazy chunk', async () => {
    // A stylesheet imported by a lazy chunk arrives with the chunk, after first paint: the
    // prerendered part it styles would flash unstyled and shift. Only Splide's own stylesheet,
    // for the carousel it mounts later, and lightGallery's, for the lightbox that opens on a
    // click, may come that way.
    const html = await readFile(join(clientDir, 'index.html'), 'utf8');
    const linked = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/assets\/([^"]+\.css)"/g)].map(([, file]) => file);
    expect(linked).toHaveLength(1);
    // The console's stylesheets (its own build, README.md "The console") are not the site's.
    const consoleManifest = JSON.parse(await readFile(join(clientDir, '.vite/console-manifest.json'), 'utf8')) as Record<string, { css?: string[] }>;
    const consoleCss = Object.values(consoleManifest).flatMap((chunk) => chunk.css ?? []).map((file) => file.replace(/^assets\//, ''));
    const lazy = (await readdir(join(clientDir, 'assets'))).filter((file) => file.endsWith('.css') && !linked.includes(file) && !consoleCss.includes(file));
    expect(lazy.filter((file) => !file.startsWith('splide') && !file.startsWith('lightgallery-engine'))).toEqual([]);
  });

  it('ships every picture variant the pages ask for', async () => {
    const html = await readFile(join(clientDir, 'index.html'), 'utf8');
    const urls = new Set([...html.matchAll(/\/assets\/images\/[\w.-]+/g)].map(([url]) => url));
    expect(urls.size).toBeGreaterThan(100);
    for (const url of urls) expect(existsSync(join(clientDir, url)), url).toBe(true);
  });
});

describe('hydration of the prerendered pages', () => {
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = '';
  });

  /** Hydrates the built page's #root with the documents the page carries (`contentFile`'s, the page's own unless told). */
  async function hydrate(url: string, file: string, contentFile = file): Promise<{ container: HTMLElement; built: Document; errors: unknown[] }> {
    const [path = url, query] = url.split('?');
    const search = query === undefined ? '' : `?${query}`;
    const built = parse(await readFile(join(clientDir, file), 'utf8'));
    const carried = carriedPageData(parse(await readFile(join(clientDir, contentFile), 'utf8')));
    const container = document.createElement('div');
    container.id = 'root';
    container.innerHTML = built.getElementById('root')!.innerHTML;
    document.body.append(container);
    const errors: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, createElement(StrictMode, null, createElement(SiteContentProvider, { ...carried, children: createElement(App, { path, search }) })), {
        onRecoverableError: (error) => errors.push(error),
      });
    });
    return { container, built, errors };
  }

  it('notices a mismatch (the check below would catch one)', async () => {
    const { errors } = await hydrate('/', '404.html', 'index.html');
    expect(errors.length).toBeGreaterThan(0);
  });

  it.each([
    ['/', 'index.html'],
    ['/thank-you/', 'thank-you/index.html'],
    ['/some/missing/page', '404.html'],
    ['/projects/riverside-atrium/', 'projects/riverside-atrium/index.html'],
    ['/projects/no-such-project/', '404.html'],
    ['/?category=control-room', 'index@category=control-room.html'],
  ])('%s hydrates %s without a mismatch', async (path, file) => {
    const { container, built, errors } = await hydrate(path, file);
    expect(errors).toEqual([]);
    expect(container.querySelector('h1')?.textContent).toBe(built.querySelector('h1')?.textContent);
  });
});
