// The site renderer (server/site-render/render-site.ts; README.md, "A page's life"): the built
// bundle renders whatever content it is given, each page carries its documents as JSON beside its
// HTML and hydrates from them, and no document's text is compiled into the browser's JavaScript.
// Uses the built site (dist/), building it first when it is missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { act } from '@testing-library/react';
import { createElement, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SiteContent } from '../../content/content-documents.ts';
import { imageManifest } from '../../content/image-manifest.ts';
import { PAGE_LINKS_FILE } from '../../server/click-tracking/site-pages.ts';
import { findInlineScripts, siteRenderer, type RenderedSiteFile } from '../../server/site-render/render-site.ts';
import { SECURITY_TXT_FILE } from '../../server/site-render/security-txt.ts';
import { workerSiteRenderer } from '../../server/site-render/worker-renderer.ts';
import { App } from '../../src/views/app.tsx';
import { carriedPageData, PAGE_CONTENT_ID, SiteContentProvider, type PageContent } from '../../src/views/shared/site-content.tsx';
import { faq, hero, privacy, projectPages, projects, seo, siteContent } from '../support/site-content.ts';

const root = process.cwd();
const clientDir = join(root, 'dist/client');
const ssrDir = join(root, 'dist/ssr');
const now = new Date('2026-11-27T08:00:00Z');
/** Rendering the whole site (every page, with jsdom reading each page's links) takes seconds. */
const RENDER_TIMEOUT_MS = 120_000;

beforeAll(() => {
  if (existsSync(join(ssrDir, 'entry-server.js')) && existsSync(join(ssrDir, 'index.template.html'))) return;
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (build.status !== 0) throw new Error(`npm run build failed with exit code ${build.status}`);
}, 15 * 60_000);

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const fileOf = (files: readonly RenderedSiteFile[], relative: string) => {
  const file = files.find((candidate) => candidate.relative === relative);
  if (!file) throw new Error(`the renderer wrote no ${relative}`);
  return String(file.body);
};
const scriptsOf = (document: Document) => [...document.querySelectorAll('script[src]')].map((script) => script.getAttribute('src'));

describe('the site renderer', () => {
  let hydrated: Root | undefined;
  /** The page's #root hydrated by the built App with what the page carries; no recoverable error (a mismatch) allowed. */
  async function hydrateHome(page: Document): Promise<HTMLElement> {
    const container = document.createElement('div');
    container.id = 'root';
    container.innerHTML = page.getElementById('root')!.innerHTML;
    document.body.append(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrated = hydrateRoot(container, createElement(StrictMode, null, createElement(SiteContentProvider, { ...carriedPageData(page), children: createElement(App, { path: '/' }) })), {
        onRecoverableError: (error) => errors.push(error),
      });
    });
    expect(errors).toEqual([]);
    return container;
  }
  afterEach(() => {
    act(() => hydrated?.unmount());
    hydrated = undefined;
    document.body.innerHTML = '';
  });

  it('renders a changed word into the page and its JSON, and the same bundle hydrates it from that JSON', async () => {
    const lead = 'Screens that run for years, built and looked after by the people who designed them.';
    const content: SiteContent = { ...siteContent, hero: { ...hero, lead } };
    const files = await siteRenderer({ ssrDir }).render(content, now);
    const page = parse(fileOf(files, 'index.html'));

    expect(page.querySelector('#root .hero__lead')?.textContent).toBe(lead);
    const carried = carriedPageData(page);
    expect(carried.content.hero?.lead).toBe(lead);
    // The very scripts the build wrote: no new bundle for new words.
    expect(scriptsOf(page)).toEqual(scriptsOf(parse(await readFile(join(clientDir, 'index.html'), 'utf8'))));

    const container = await hydrateHome(page);
    expect(container.querySelector('.hero__lead')?.textContent).toBe(lead);
  }, RENDER_TIMEOUT_MS);

  it('draws a picture the build does not have from the manifest it is given; the page carries that entry and hydrates with it', async () => {
    // As an upload in the console adds it (server/media-library/live-image-manifest.ts).
    const uploaded = { width: 1000, height: 700, hash: '0123456789', widths: [480, 960, 1000], fallback: 'jpeg' as const, color: '#102030' };
    const images = { ...imageManifest, images: { ...imageManifest.images, 'harbour-wall': uploaded } };
    const content: SiteContent = { ...siteContent, hero: { ...hero, image: { key: 'harbour-wall', alt: 'A wall by the harbour' } } };
    const files = await siteRenderer({ ssrDir }).render(content, now, images);
    const page = parse(fileOf(files, 'index.html'));
    const heroPicture = page.querySelector<HTMLImageElement>('#root img[alt="A wall by the harbour"]');
    expect(heroPicture?.getAttribute('src')).toBe('/assets/images/harbour-wall-960w.0123456789.jpg');
    expect(heroPicture?.getAttribute('width')).toBe('1000');
    const carried = carriedPageData(page);
    expect(carried.images.images['harbour-wall']).toEqual(uploaded);
    // Only the pictures its documents name: not a project page's gallery.
    expect(Object.keys(carried.images.images)).not.toContain('project-mall-atrium-detail');
    expect(Object.keys(carriedPageData(parse(fileOf(files, 'privacy/index.html'))).images.images)).not.toContain('harbour-wall');

    await hydrateHome(page);
  }, RENDER_TIMEOUT_MS);

  it('carries only the documents its route uses', async () => {
    const files = await siteRenderer({ ssrDir }).render(siteContent, now);
    const documentsOf = (relative: string) => Object.keys(JSON.parse(parse(fileOf(files, relative)).getElementById(PAGE_CONTENT_ID)!.textContent!) as object).sort();
    expect(documentsOf('privacy/index.html')).toEqual(['company', 'footer', 'navigation', 'newsletterForms', 'privacy', 'seo', 'sidebarContact', 'site']);
    expect(documentsOf('index.html')).not.toContain('privacy');
    expect(documentsOf('index.html')).not.toContain('projectPages');
    // A project page carries its own project's page, not every project's.
    const project = projects.items[0]!;
    const carried = JSON.parse(parse(fileOf(files, `projects/${project.id}/index.html`)).getElementById(PAGE_CONTENT_ID)!.textContent!) as PageContent;
    expect(Object.keys(carried.projectPages!.projects)).toEqual([project.id]);
  }, RENDER_TIMEOUT_MS);

  it('escapes < in the JSON, so a word cannot end its script: the page has no inline script', async () => {
    const heading = 'Screens </script><script>alert(1)</script> that last';
    const files = await siteRenderer({ ssrDir }).render({ ...siteContent, hero: { ...hero, heading } }, now);
    const html = fileOf(files, 'index.html');
    expect(findInlineScripts(html)).toEqual([]);
    expect(html).toContain('Screens \\u003c/script>\\u003cscript>alert(1)\\u003c/script> that last');
    expect((JSON.parse(parse(html).getElementById(PAGE_CONTENT_ID)!.textContent!) as PageContent).hero?.heading).toBe(heading);
  }, RENDER_TIMEOUT_MS);

  it('makes a page, a sitemap entry and page links for a project added to the content, and never writes an asset', async () => {
    const added = { ...projects.items[0]!, id: 'harbour-ticker' };
    const content: SiteContent = {
      ...siteContent,
      projects: { ...projects, items: [...projects.items, added] },
      projectPages: { ...projectPages, projects: { ...projectPages.projects, 'harbour-ticker': { ...projectPages.projects[projects.items[0]!.id]!, title: 'Harbour ticker' } } },
    };
    const files = await siteRenderer({ ssrDir }).render(content, now);
    expect(parse(fileOf(files, 'projects/harbour-ticker/index.html')).title).toBe('Harbour ticker');
    expect(fileOf(files, 'sitemap.xml')).toContain(`<loc>${seo.baseUrl}/projects/harbour-ticker/</loc>`);
    expect(fileOf(files, PAGE_LINKS_FILE)).toContain('"/projects/harbour-ticker/"');
    expect(fileOf(files, SECURITY_TXT_FILE)).toMatch(/^Contact: /m);
    expect(files.filter((file) => file.relative.startsWith('assets/'))).toEqual([]);
    expect(files.find((file) => file.relative === '404.html')?.status).toBe(404);
  }, RENDER_TIMEOUT_MS);

  it('renders the same files in the server\'s render worker, and one page alone as the whole site has it', async () => {
    // The server's renderer (server/site-render/worker-renderer.ts): the bundle loaded in a worker thread under plain Node.
    const worker = workerSiteRenderer({ ssrDir });
    try {
      const inProcess = await siteRenderer({ ssrDir }).render(siteContent, now);
      const inWorker = await worker.render(siteContent, now);
      expect(inWorker.map(({ twins: _twins, ...file }) => file)).toEqual(inProcess);
      // With their .br and .gz twins made in the worker, as the generation's writer would.
      for (const file of inWorker) {
        const text = String(file.body);
        if (file.relative.endsWith('.html') || file.relative.endsWith('.xml') || file.relative.endsWith('.json')) {
          expect(brotliDecompressSync(file.twins!.br).toString(), file.relative).toBe(text);
          expect(gunzipSync(file.twins!.gz).toString(), file.relative).toBe(text);
        }
      }
      for (const relative of ['index.html', `projects/${projects.items[0]!.id}/index.html`, '404.html']) {
        expect(await worker.renderPage(siteContent, now, undefined, relative)).toEqual(inProcess.find((file) => file.relative === relative));
      }
      expect(await worker.renderPage(siteContent, now, undefined, 'projects/no-such-project/index.html')).toBeUndefined();
    } finally {
      await worker.close();
    }
  }, RENDER_TIMEOUT_MS);
});

describe('the browser bundle', () => {
  it('holds no document text: the copy comes with the page', async () => {
    const assets = join(clientDir, 'assets');
    const scripts = (await readdir(assets)).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(10);
    const sentences = [hero.lead, faq.items[0]!.answer[0]!, privacy.notice.intro[0]!, projectPages.projects[projects.items[0]!.id]!.story[0]!];
    for (const name of scripts) {
      const code = await readFile(join(assets, name), 'utf8');
      for (const sentence of sentences) expect(code.includes(sentence), `${name} contains "${sentence.slice(0, 40)}…"`).toBe(false);
    }
  });
});
