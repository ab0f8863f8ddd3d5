// Writes the static HTML of every page: renders each path of prerenderTargets with the SSR
// build of src/entry-server.tsx and puts it into the built index.html template. Runs after
// both vite builds (scripts/build.ts).
import { RETENTION_STAMP_FILE } from '../src/validation/privacy/retention-stamp.ts';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PrerenderTarget, RenderedPage } from '../src/entry-server.tsx';
import { PAGE_LINKS_FILE, type PageLinksFile } from '../server/click-tracking/site-pages.ts';
import { oldAddresses } from '../content/old-addresses.ts';
import { securityContact } from '../content/security-contact.ts';
import { seo } from '../content/seo.ts';
import { ContentValidationError } from '../content/validate-content.ts';
import { BUILD_ORIGIN, pageLinksOf } from './page-links.ts';
import { oldAddressTargetProblems } from './old-address-targets.ts';
import { SECURITY_TXT_FILE, securityTxt } from './security-txt.ts';

export const HEAD_PLACEHOLDER = '<!--app-head-->';
export const HTML_PLACEHOLDER = '<!--app-html-->';

export function applyTemplate(template: string, page: Pick<RenderedPage, 'head' | 'html'>): string {
  if (!template.includes(HEAD_PLACEHOLDER) || !template.includes(HTML_PLACEHOLDER)) {
    throw new Error(`The HTML template has lost its ${HEAD_PLACEHOLDER} or ${HTML_PLACEHOLDER} placeholder`);
  }
  // Replacer functions: the markup may contain "$&" and similar, which replace() would expand.
  return template.replace(HEAD_PLACEHOLDER, () => page.head).replace(HTML_PLACEHOLDER, () => page.html);
}

/**
 * Inline scripts are refused by the Content-Security-Policy, so a page must not contain any. A
 * JSON-LD block (`type="application/ld+json"`, the home page's structured data) is data the
 * browser never runs, so the CSP does not apply to it.
 */
export function findInlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes = '']) => !/\btype=(["']?)application\/ld\+json\1[\s>]/i.test(`${attributes}>`))
    .filter(([, attributes = '', body = '']) => !/\bsrc=/i.test(attributes) || body.trim() !== '')
    .map(([script]) => script.slice(0, 120));
}

export interface PrerenderOptions {
  root?: string;
  clientDir?: string;
  /** The build's time, from which security.txt's Expires is counted. */
  now?: Date;
  ssrDir?: string;
  log?: (line: string) => void;
}

export interface PrerenderedFile {
  path: string;
  file: string;
  status: number;
  bytes: number;
}

export async function prerender(options: PrerenderOptions = {}): Promise<PrerenderedFile[]> {
  const root = resolve(options.root ?? process.cwd());
  const clientDir = resolve(root, options.clientDir ?? 'dist/client');
  const ssrDir = resolve(root, options.ssrDir ?? 'dist/ssr');
  const log = options.log ?? (() => {});

  // The client build's index.html is the template, but it is overwritten by the home page:
  // keep a copy beside the SSR bundle so that the prerender can run again.
  const builtIndex = join(clientDir, 'index.html');
  const savedTemplate = join(ssrDir, 'index.template.html');
  if ((await readFile(builtIndex, 'utf8')).includes(HTML_PLACEHOLDER)) await copyFile(builtIndex, savedTemplate);
  const template = await readFile(savedTemplate, 'utf8');

  const entry = (await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href)) as {
    prerenderPage: (path: string) => Promise<RenderedPage>;
    prerenderTargets: readonly PrerenderTarget[];
    sitemapXml: () => string;
    postIdOf: (route: RenderedPage['route']) => number;
    builtRetentionDays: Record<string, number>;
  };
  // The numbers the privacy page states, for the server's check at start (README, "Privacy").
  await writeFile(join(ssrDir, RETENTION_STAMP_FILE), `${JSON.stringify(entry.builtRetentionDays)}\n`);
  const pageLinks: PageLinksFile = { origin: BUILD_ORIGIN, pages: [] };

  const written: PrerenderedFile[] = [];
  const pagesByPath = new Map<string, string>();
  for (const target of entry.prerenderTargets) {
    // prerenderPage waits for lazy parts (the contact form), so the HTML is complete.
    const page = await entry.prerenderPage(target.path);
    const html = applyTemplate(template, page);
    const inline = findInlineScripts(html);
    if (inline.length > 0) throw new Error(`${target.file} has inline scripts, which the CSP refuses: ${inline.join(' | ')}`);
    const file = join(clientDir, target.file);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, html);
    // The 404 page is shown at addresses that are no page: a click there is not counted.
    if (page.status === 200) pagesByPath.set(target.path, html);
    if (page.status === 200) pageLinks.pages.push({ path: target.path, postId: entry.postIdOf(page.route), links: pageLinksOf(html, target.path) });
    written.push({ path: target.path, file: target.file, status: page.status, bytes: Buffer.byteLength(html) });
    log(`prerendered ${target.path} → dist/client/${target.file} (${page.status}, ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB)`);
  }
  // Every old address's new place is one of these pages (README.md, "The old WordPress addresses").
  const missingTargets = oldAddressTargetProblems(oldAddresses, pagesByPath);
  if (missingTargets.length > 0) throw new ContentValidationError(missingTargets);
  await mkdir(dirname(join(clientDir, SECURITY_TXT_FILE)), { recursive: true });
  await writeFile(join(clientDir, SECURITY_TXT_FILE), securityTxt(securityContact, seo.baseUrl, options.now ?? new Date()));
  log(`wrote dist/client/${SECURITY_TXT_FILE}`);
  // The sitemap follows the pages: a project added to content is announced without another edit.
  await writeFile(join(clientDir, 'sitemap.xml'), entry.sitemapXml());
  log('wrote dist/client/sitemap.xml');
  await writeFile(join(clientDir, PAGE_LINKS_FILE), `${JSON.stringify(pageLinks)}\n`);
  log(`wrote dist/client/${PAGE_LINKS_FILE} (${pageLinks.pages.reduce((total, page) => total + page.links.length, 0)} links of ${pageLinks.pages.length} pages, for the click beacons)`);
  return written;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await prerender({ log: (line) => console.log(line) });
}
