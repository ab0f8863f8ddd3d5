// The server entry, used by the prerender at build (scripts/prerender.ts) and by the dev
// server: renders a path to the page's HTML and the <head> tags that describe it.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { getImage, heightAt, variantUrl } from '../content/image-manifest.ts';
import { seo, site } from '../content/index.ts';
import type { PageMeta } from '../content/index.ts';
import { App, afterFirstScreenIds, resolveRoute, type RouteName } from './views/app.tsx';
import { escapeHtml } from './views/escape-html.ts';

export interface PrerenderTarget {
  /** The path the page is rendered for. */
  path: string;
  /** Where the page is written, relative to dist/client. */
  file: string;
}

/** Every page the build writes: the server serves 404.html, with status 404, for unknown paths. */
export const prerenderTargets: readonly PrerenderTarget[] = [
  { path: '/', file: 'index.html' },
  { path: '/thank-you/', file: 'thank-you/index.html' },
  { path: '/newsletter/confirmed/', file: 'newsletter/confirmed/index.html' },
  { path: '/newsletter/unsubscribed/', file: 'newsletter/unsubscribed/index.html' },
  { path: '/newsletter/link-expired/', file: 'newsletter/link-expired/index.html' },
  { path: '/404.html', file: '404.html' },
];

export interface RenderedPage {
  route: RouteName;
  status: number;
  /** Tags for the template's <!--app-head--> placeholder. */
  head: string;
  /** The app's markup for the template's <!--app-html--> placeholder. */
  html: string;
}


const meta = (attribute: 'name' | 'property', key: string, content: string | number) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(String(content))}" />`;

/**
 * Title, description, canonical, robots and the Open Graph card of a page, and the element its
 * first paint waits for (see `afterFirstScreenIds`).
 */
export function headTags(page: PageMeta, afterFirstScreenId: string): string {
  const url = `${seo.baseUrl}${page.path}`;
  const image = getImage(seo.shareImage.key);
  const shareWidth = image.widths.find((width) => width >= 1200) ?? image.widths[image.widths.length - 1]!;
  const tags = [
    `<title>${escapeHtml(page.title)}</title>`,
    meta('name', 'description', page.description),
    `<link rel="expect" href="#${escapeHtml(afterFirstScreenId)}" blocking="render" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    page.noindex ? meta('name', 'robots', 'noindex, follow') : '',
    meta('name', 'theme-color', site.themeColor),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', seo.siteName),
    meta('property', 'og:locale', seo.locale),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', `${seo.baseUrl}${variantUrl(image, shareWidth, image.fallback)}`),
    meta('property', 'og:image:width', shareWidth),
    meta('property', 'og:image:height', heightAt(image, shareWidth)),
    meta('property', 'og:image:alt', seo.shareImage.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
  ];
  return tags.filter(Boolean).join('\n    ');
}

const page = (path: string) => (
  <StrictMode>
    <App path={path} />
  </StrictMode>
);

const pageOf = (path: string, html: string): RenderedPage => {
  const route = resolveRoute(path);
  return { route, status: route === 'notFound' ? 404 : 200, head: headTags(seo.pages[route], afterFirstScreenIds[route]), html };
};

/**
 * The page's full HTML for the build: `prerender` waits for lazy parts (the contact form's
 * chunk), so every Suspense boundary is complete in the HTML and no inline script is needed.
 */
export async function prerenderPage(path: string): Promise<RenderedPage> {
  // Without this, React outlines a large boundary to the end of the HTML with an inline script
  // to move it into place (made for streaming; the CSP refuses inline scripts).
  const { prelude } = await prerender(page(path), { progressiveChunkSize: Number.POSITIVE_INFINITY });
  return pageOf(path, await new Response(prelude).text());
}

/**
 * The page rendered synchronously, for the dev server. `renderToString` cannot wait for lazy
 * parts: their Suspense boundaries are left for the browser to render (the form appears after
 * its chunk loads). The build uses `prerenderPage`.
 */
export function render(path: string): RenderedPage {
  return pageOf(path, renderToString(page(path)));
}
