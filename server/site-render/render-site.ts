// The site renderer (README.md, "A page's life"): one function for the build and the server.
// Given the site's content, it renders every page with the SSR bundle of src/entry-server.tsx
// into the client build's index.html template, and writes beside the pages what follows them:
// sitemap.xml, /.well-known/security.txt and the click beacon's page-links file. The build
// (scripts/prerender.ts) writes what it returns into dist/client; the server renders again when
// the content changes. It never touches the assets (the JavaScript and the pictures stay the
// build's), so changing a word needs no new bundle.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SiteContent } from '../../content/content-documents.ts';
import { imageManifest, type ImageManifest } from '../../content/image-manifest.ts';
import { ContentValidationError } from '../../content/validate-content.ts';
import type { PrerenderTarget, RenderedPage } from '../../src/entry-server.tsx';
import { PAGE_LINKS_FILE, type PageLinksFile } from '../click-tracking/site-pages.ts';
import { oldAddressTargetProblems } from './old-address-targets.ts';
import { BUILD_ORIGIN, pageLinksOf } from './page-links.ts';
import { SECURITY_TXT_FILE, securityTxt } from './security-txt.ts';

export const HEAD_PLACEHOLDER = '<!--app-head-->';
export const HTML_PLACEHOLDER = '<!--app-html-->';
/** The template's copy beside the SSR bundle: the build's index.html is overwritten by the home page. */
export const TEMPLATE_FILE = 'index.template.html';

export interface RenderedSiteFile {
  /** Path relative to the client folder (dist/client). */
  relative: string;
  body: string | Buffer;
  /** A page's status: 404.html is served with 404. */
  status?: number;
  /**
   * Its .br and .gz twins, when the renderer made them (the render worker does, at the live
   * quality: worker-renderer.ts); otherwise the generation's writer makes them.
   */
  twins?: { br: Buffer; gz: Buffer };
}

export interface SiteRenderer {
  /**
   * `images`: the pictures content may name, the build's by default; the server gives the live
   * manifest (server/media-library/live-image-manifest.ts), the console's uploads included.
   */
  render(content: SiteContent, now: Date, images?: ImageManifest): Promise<RenderedSiteFile[]>;
  /**
   * The one page render() writes as `relative` (`index.html`, `projects/<id>/index.html`,
   * `404.html`), alone; undefined when the site has no such page. The editor's preview shows one
   * page: it need not render the others (README.md, "Editing the site"). Renderers without it
   * are asked for the whole site.
   */
  renderPage?(content: SiteContent, now: Date, images: ImageManifest | undefined, relative: string): Promise<RenderedSiteFile | undefined>;
  /** Stops what the renderer runs beside the server (the render worker: worker-renderer.ts); the server calls it when it closes. */
  close?(): Promise<void>;
}

/** What the SSR bundle (dist/ssr/entry-server.js) exports for the renderer. */
interface ServerEntry {
  prerenderPage: (path: string, content: SiteContent, images: ImageManifest) => Promise<RenderedPage>;
  prerenderTargets: (content: SiteContent) => readonly PrerenderTarget[];
  sitemapXml: (content: SiteContent) => string;
  postIdOf: (seo: SiteContent['seo'], route: RenderedPage['route']) => number;
}

/** The page in the template: head tags, the app's markup, and the page's documents before </body>. */
export function applyTemplate(template: string, page: Pick<RenderedPage, 'head' | 'html'> & Partial<Pick<RenderedPage, 'data'>>): string {
  if (!template.includes(HEAD_PLACEHOLDER) || !template.includes(HTML_PLACEHOLDER) || !template.includes('</body>')) {
    throw new Error(`The HTML template has lost its ${HEAD_PLACEHOLDER}, ${HTML_PLACEHOLDER} or </body>`);
  }
  // Replacer functions: the markup may contain "$&" and similar, which replace() would expand.
  return template
    .replace(HEAD_PLACEHOLDER, () => page.head)
    .replace(HTML_PLACEHOLDER, () => page.html)
    .replace('</body>', () => `${page.data ?? ''}</body>`);
}

/**
 * Inline scripts are refused by the Content-Security-Policy, so a page must not contain any. A
 * JSON block (`type="application/ld+json"`, the home page's structured data, and
 * `type="application/json"`, the page's documents) is data the browser never runs, so the CSP
 * does not apply to it.
 */
export function findInlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes = '']) => !/\btype=(["']?)application\/(ld\+)?json\1[\s>]/i.test(`${attributes}>`))
    .filter(([, attributes = '', body = '']) => !/\bsrc=/i.test(attributes) || body.trim() !== '')
    .map(([script]) => script.slice(0, 120));
}

export function siteRenderer(options: { ssrDir: string; template?: string }): SiteRenderer & Required<Pick<SiteRenderer, 'renderPage'>> {
  let entry: Promise<ServerEntry> | undefined;
  let template: Promise<string> | undefined;
  async function loaded(): Promise<{ ssr: ServerEntry; html: string }> {
    entry ??= import(pathToFileURL(join(options.ssrDir, 'entry-server.js')).href) as Promise<ServerEntry>;
    template ??= options.template !== undefined ? Promise.resolve(options.template) : readFile(join(options.ssrDir, TEMPLATE_FILE), 'utf8');
    return { ssr: await entry, html: await template };
  }
  /** One page in the template, refused when it carries an inline script. */
  async function renderTarget({ ssr, html }: { ssr: ServerEntry; html: string }, target: PrerenderTarget, content: SiteContent, images: ImageManifest) {
    // prerenderPage waits for lazy parts (the contact form), so the HTML is complete.
    const page = await ssr.prerenderPage(target.path, content, images);
    const body = applyTemplate(html, page);
    const inline = findInlineScripts(body);
    if (inline.length > 0) throw new Error(`${target.file} has inline scripts, which the CSP refuses: ${inline.join(' | ')}`);
    return { page, body };
  }
  return {
    async render(content, now, images = imageManifest) {
      const built = await loaded();
      const { ssr } = built;
      const files: RenderedSiteFile[] = [];
      const pageLinks: PageLinksFile = { origin: BUILD_ORIGIN, pages: [] };
      const pagesByPath = new Map<string, string>();
      for (const target of ssr.prerenderTargets(content)) {
        const { page, body } = await renderTarget(built, target, content, images);
        files.push({ relative: target.file, body, status: page.status });
        // The 404 page is shown at addresses that are no page: a click there is not counted.
        if (page.status === 200) {
          pagesByPath.set(target.path, body);
          pageLinks.pages.push({ path: target.path, postId: ssr.postIdOf(content.seo, page.route), links: pageLinksOf(body, target.path) });
        }
      }
      // Every old address's new place is one of these pages (README.md, "The old WordPress addresses").
      const missingTargets = oldAddressTargetProblems(content.oldAddresses, pagesByPath);
      if (missingTargets.length > 0) throw new ContentValidationError(missingTargets);
      files.push({ relative: SECURITY_TXT_FILE, body: securityTxt(content.securityContact, content.seo.baseUrl, now) });
      // The sitemap follows the pages: a project added to content is announced without another edit.
      files.push({ relative: 'sitemap.xml', body: ssr.sitemapXml(content) });
      files.push({ relative: PAGE_LINKS_FILE, body: `${JSON.stringify(pageLinks)}\n` });
      return files;
    },
    async renderPage(content, _now, images = imageManifest, relative) {
      const built = await loaded();
      const target = built.ssr.prerenderTargets(content).find((candidate) => candidate.file === relative);
      if (target === undefined) return undefined;
      const { page, body } = await renderTarget(built, target, content, images);
      return { relative: target.file, body, status: page.status };
    },
  };
}
