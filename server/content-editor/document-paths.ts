import type { DocumentName, SiteContent } from '../../content/content-documents.ts';
import { sitePaths } from '../../content/content-files.ts';

/*
 * Where a document shows on the site, for the editor's preview (README.md, "Editing the site"):
 * the first path is the preview's default. Home sections are on the home page; a project page
 * per project; the simple pages each at their own address; what every page carries (menus,
 * company, SEO, site settings, the footer) on every page, the home page first.
 */

const pagePaths: Record<keyof SiteContent['pages'], string> = {
  thankYou: '/thank-you/',
  newsletterConfirmed: '/newsletter/confirmed/',
  newsletterUnsubscribed: '/newsletter/unsubscribed/',
  newsletterLinkExpired: '/newsletter/link-expired/',
  notFound: '/404',
};

const everyPage = (content: SiteContent): string[] => [...sitePaths, ...projectPaths(content)];

function projectPaths(content: SiteContent): string[] {
  return content.projects.items.filter((project) => content.projectPages.projects[project.id] !== undefined).map((project) => `/projects/${project.id}/`);
}

export function pathsOf(name: DocumentName, content: SiteContent): string[] {
  switch (name) {
    case 'projectPages':
      return projectPaths(content);
    case 'pages':
      return Object.values(pagePaths);
    case 'privacy':
      return ['/privacy/', '/accessibility/'];
    case 'company':
    case 'navigation':
    case 'seo':
    case 'site':
    case 'footer':
      return everyPage(content);
    default:
      return ['/'];
  }
}

/** The rendered file of a path (server/site-render/render-site.ts names them so): `/` → index.html, `/404` → 404.html. */
export function fileOfPath(path: string): string {
  return path.endsWith('/') ? `${path.slice(1)}index.html` : `${path.slice(1)}.html`;
}
