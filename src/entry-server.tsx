// The server entry, used by the site renderer (server/site-render/render-site.ts: the build's
// prerender and the server's re-render after a publish) and by the dev server: renders a path
// with the content it is given to the page's HTML, the <head> tags that describe it and the
// documents the page carries for hydration. Nothing here imports a content document: a new
// project in the content is a new page without a new bundle (README.md, "A page's life").
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { getImage, heightAt, imagesNamedIn, variantUrl, type ImageManifest } from '../content/image-manifest.ts';
import type { ImageRef, PageMeta, SiteContent } from '../content/index.ts';
import { organizationJsonLd } from './structured-data.ts';
import { App, afterFirstScreenIds, resolveRoute, routeDocuments, type RouteName } from './views/app.tsx';
import { PAGE_CONTENT_ID, PAGE_IMAGES_ID, pageContentJson, pickDocuments, SiteContentProvider, type PageContent } from './views/shared/site-content.tsx';

// The build's list of each page's links names a page by this id (scripts/prerender.ts).
export { postIdOf } from './views/app.tsx';
// The retention periods the privacy page states: scripts/prerender.ts stamps them beside the bundle.
export { builtRetentionDays } from './validation/privacy/built-retention.ts';
import { projectPathOf, projectSlugOf } from './services/projects/project-path.service.ts';
import { escapeHtml } from './validation/shared/escape-html.ts';

export interface PrerenderTarget {
  /** The path the page is rendered for. */
  path: string;
  /** Where the page is written, relative to dist/client. */
  file: string;
}

/**
 * The home page with the project grid showing one category, for `/?category={id}`: the server
 * answers that address with this file (a page's variant for one query value is named
 * `{page}@{name}={value}.html`; server/routes/query-variants.ts).
 */
export const categoryVariantFile = (category: string) => `index@category=${category}.html`;

/** Every page the build writes: the server serves 404.html, with status 404, for unknown paths. */
export const prerenderTargets = ({ projects }: Pick<SiteContent, 'projects'>): PrerenderTarget[] => [
  { path: '/', file: 'index.html' },
  ...projects.categories.map((category) => ({ path: `/?category=${category.id}`, file: categoryVariantFile(category.id) })),
  ...projects.items.map((project) => ({ path: projectPathOf(project.id), file: `projects/${project.id}/index.html` })),
  { path: '/thank-you/', file: 'thank-you/index.html' },
  { path: '/newsletter/confirmed/', file: 'newsletter/confirmed/index.html' },
  { path: '/newsletter/unsubscribed/', file: 'newsletter/unsubscribed/index.html' },
  { path: '/newsletter/link-expired/', file: 'newsletter/link-expired/index.html' },
  { path: '/privacy/', file: 'privacy/index.html' },
  { path: '/accessibility/', file: 'accessibility/index.html' },
  { path: '/404.html', file: '404.html' },
];

/** The pages search engines are told about (sitemap.xml): every page that does not ask not to be indexed. */
export const sitemapPaths = ({ seo, projects }: Pick<SiteContent, 'seo' | 'projects'>): string[] => [
  ...Object.values(seo.pages)
    .filter((page) => !page.noindex)
    .map((page) => page.path),
  ...projects.items.map((project) => projectPathOf(project.id)),
];

/** sitemap.xml for `sitemapPaths` on the canonical origin. */
export function sitemapXml(content: Pick<SiteContent, 'seo' | 'projects'>): string {
  const { seo } = content;
  const urls = sitemapPaths(content).map((path) => `  <url>\n    <loc>${escapeHtml(`${seo.baseUrl}${path}`)}</loc>\n  </url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export interface RenderedPage {
  route: RouteName;
  status: number;
  /** Tags for the template's <!--app-head--> placeholder. */
  head: string;
  /** The app's markup for the template's <!--app-html--> placeholder. */
  html: string;
  /** The documents and pictures the page carries, as `<script type="application/json">`s for the end of <body>. */
  data: string;
}


const meta = (attribute: 'name' | 'property', key: string, content: string | number) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(String(content))}" />`;

/**
 * Title, description, canonical, robots and the Open Graph card of a page, and the element its
 * first paint waits for (see `afterFirstScreenIds`).
 */
export function headTags(
  { seo, site }: Pick<SiteContent, 'seo' | 'site'>,
  page: PageMeta,
  afterFirstScreenId: string,
  images: ImageManifest,
  shareImage: ImageRef = seo.shareImage,
): string {
  const url = `${seo.baseUrl}${page.path}`;
  const image = getImage(shareImage.key, images);
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
    meta('property', 'og:image', `${seo.baseUrl}${variantUrl(image, shareWidth, image.fallback, images)}`),
    meta('property', 'og:image:width', shareWidth),
    meta('property', 'og:image:height', heightAt(image, shareWidth)),
    meta('property', 'og:image:alt', shareImage.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
  ];
  return tags.filter(Boolean).join('\n    ');
}

/** `/?category=x` → the path and the query string, as the browser's location has them. */
function addressOf(url: string): { path: string; search: string } {
  const query = url.indexOf('?');
  return query === -1 ? { path: url, search: '' } : { path: url.slice(0, query), search: url.slice(query) };
}

/**
 * The documents a page renders with and carries: its route's (src/views/app.tsx,
 * routeDocuments); a project page carries its own project's page only.
 */
export function pageContentOf(url: string, content: SiteContent): PageContent {
  const { path } = addressOf(url);
  const route = resolveRoute(path);
  const documents = pickDocuments(content, routeDocuments[route]);
  // 404.html is served at every unknown address, /projects/{unknown}/ too, where the browser
  // renders the project route: it carries the project pages' words without a project, from
  // which the project page renders the 404 page's content (src/views/pages/project.page.tsx).
  const noProject = { ...content.projectPages, projects: {} };
  if (route === 'notFound') return { ...documents, projectPages: noProject };
  if (route !== 'project') return documents;
  const slug = projectSlugOf(path) ?? '';
  const own = content.projectPages.projects[slug];
  if (own === undefined) return { ...pickDocuments(content, routeDocuments.notFound), projectPages: noProject };
  return { ...documents, projectPages: { ...content.projectPages, projects: { [slug]: own } } };
}

/** The page's documents and pictures as the JSON the browser hydrates with (src/hydrate.tsx). */
const dataScript = (documents: PageContent, pictures: ImageManifest) =>
  `<script type="application/json" id="${PAGE_CONTENT_ID}">${pageContentJson(documents)}</script>` +
  `<script type="application/json" id="${PAGE_IMAGES_ID}">${pageContentJson(pictures)}</script>`;

const page = (url: string, documents: PageContent, pictures: ImageManifest) => (
  <StrictMode>
    <SiteContentProvider content={documents} images={pictures}>
      <App {...addressOf(url)} />
    </SiteContentProvider>
  </StrictMode>
);

/** A project's own title, description and picture; a slug content does not know is the 404. */
function projectHead({ projects, projectPages }: Pick<SiteContent, 'projects' | 'projectPages'>, path: string): { meta: PageMeta; image: ImageRef } | undefined {
  const slug = projectSlugOf(path) ?? '';
  const project = projects.items.find((item) => item.id === slug);
  const own = projectPages.projects[slug];
  if (!project || !own) return undefined;
  return { meta: { title: own.title, description: own.description, path: projectPathOf(slug) }, image: project.image };
}

const pageOf = (url: string, content: SiteContent, documents: PageContent, images: ImageManifest, html: string): RenderedPage => {
  const { path } = addressOf(url);
  const route = resolveRoute(path);
  const { seo, company } = content;
  const data = dataScript(documents, imagesNamedIn(documents, images));
  // The home page describes the company as structured data (src/structured-data.ts).
  if (route === 'home') return { route, status: 200, head: `${headTags(content, seo.pages.home, afterFirstScreenIds.home, images)}\n    ${organizationJsonLd(company, seo.baseUrl)}`, html, data };
  if (route !== 'project') return { route, status: route === 'notFound' ? 404 : 200, head: headTags(content, seo.pages[route], afterFirstScreenIds[route], images), html, data };
  const project = projectHead(content, path);
  // The project page renders the 404 page's content for a slug it does not know.
  if (!project) return { route: 'notFound', status: 404, head: headTags(content, seo.pages.notFound, afterFirstScreenIds.notFound, images), html, data };
  return { route, status: 200, head: headTags(content, project.meta, afterFirstScreenIds.project, images, project.image), html, data };
};

/**
 * The page's full HTML for the build: `prerender` waits for lazy parts (the contact form's
 * chunk), so every Suspense boundary is complete in the HTML and no inline script is needed.
 */
export async function prerenderPage(path: string, content: SiteContent, images: ImageManifest): Promise<RenderedPage> {
  const documents = pageContentOf(path, content);
  // An error inside a Suspense boundary does not stop React: it leaves the boundary to be
  // rendered in the browser, so the page would ship without that part's HTML and the browser
  // would throw React's error 419. The build fails instead, naming the error.
  const errors: unknown[] = [];
  const { prelude } = await prerender(page(path, documents, imagesNamedIn(documents, images)), {
    // Without this, React outlines a large boundary to the end of the HTML with an inline script
    // to move it into place (made for streaming; the CSP refuses inline scripts).
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => {
      errors.push(error);
    },
  });
  const html = await new Response(prelude).text();
  if (errors.length > 0) throw new AggregateError(errors, `Prerendering ${path} failed: ${errors.map(String).join('; ')}`);
  return pageOf(path, content, documents, images, html);
}

/**
 * The page rendered synchronously, for the dev server. `renderToString` cannot wait for lazy
 * parts: their Suspense boundaries are left for the browser to render (the form appears after
 * its chunk loads). The build uses `prerenderPage`.
 */
export function render(path: string, content: SiteContent, images: ImageManifest): RenderedPage {
  const documents = pageContentOf(path, content);
  return pageOf(path, content, documents, images, renderToString(page(path, documents, imagesNamedIn(documents, images))));
}
