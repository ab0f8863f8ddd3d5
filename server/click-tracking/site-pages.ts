import { readFile } from 'node:fs/promises';
import path from 'node:path';

/*
 * The pages a click beacon may name and the links each has (README.md, "Abuse paths and the
 * limits that stop them"): the build writes every prerendered page's id and links, each with
 * its own anchor text, beside the pages (scripts/prerender.ts), and the server's renderer writes
 * it again with every published generation of pages (README.md, "Live in seconds"). The server
 * follows the list of the pages it serves, so a project added in the console takes its clicks at
 * once; a beacon for any other page or link is refused, so a stranger cannot make rows.
 */

/** The pages' list now: the served generation's, or the build's (server/site-generations/live-page-links.ts). */
export type PageLinksNow = () => PageLinksFile | null;

/** The list's name in the built site (STATIC_ROOT). */
export const PAGE_LINKS_FILE = 'page-links.json';

/** What the build writes: its links are absolute on `origin`, the build's stand-in for the site's. */
export interface PageLinksFile {
  origin: string;
  pages: Array<{ path: string; postId: number; links: Array<{ target: string; anchor: string }> }>;
}

export interface SitePage {
  postId: number;
  /** The page's URL on the site (SITE_URL's origin and the path, no query). */
  url: string;
  /** Each link's target (on SITE_URL's origin when it is the site's own) → its anchors as the page writes them. */
  links: ReadonlyMap<string, readonly string[]>;
}

export interface SitePages {
  /** SITE_URL's host name and origin. */
  hostname: string;
  origin: string;
  /** The page at a path, or undefined when the build made none there. */
  pageAt(pathname: string): SitePage | undefined;
  /** The URL of the page with a content id, or undefined when the build made none (the console's click reports name pages so). */
  urlOfPost(postId: number): string | undefined;
}

/** The pages of a list (parsed PageLinksFile) on the site at `siteUrl`. */
export function sitePagesOf(file: PageLinksFile | null, siteUrl: string): SitePages {
  const site = new URL(siteUrl);
  const pages = new Map<string, { postId: number; url: string; links: Map<string, string[]> }>();
  const onSite = (text: string, prefix = '') =>
    file !== null && text.startsWith(`${prefix}${file.origin}`) ? `${prefix}${site.origin}${text.slice(prefix.length + file.origin.length)}` : text;
  for (const page of file?.pages ?? []) {
    // `/?category=x` is the home page showing one category: one page, the links of all of them.
    const pathname = new URL(page.path, 'http://path.invalid').pathname;
    const known = pages.get(pathname) ?? { postId: page.postId, url: `${site.origin}${pathname}`, links: new Map<string, string[]>() };
    pages.set(pathname, known);
    for (const link of page.links) {
      const target = onSite(link.target);
      const anchors = known.links.get(target) ?? [];
      const anchor = onSite(link.anchor, 'image:');
      if (!anchors.includes(anchor)) anchors.push(anchor);
      known.links.set(target, anchors);
    }
  }
  const byPost = new Map<number, string>();
  for (const page of pages.values()) if (page.postId !== 0 && !byPost.has(page.postId)) byPost.set(page.postId, page.url);
  return { hostname: site.hostname, origin: site.origin, pageAt: (pathname) => pages.get(pathname), urlOfPost: (postId) => byPost.get(postId) };
}

/** The list in STATIC_ROOT; null when the site has none (not built, or built before the list). */
export async function readPageLinks(staticRoot: string): Promise<PageLinksFile | null> {
  let text: string;
  try {
    text = await readFile(path.join(staticRoot, PAGE_LINKS_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return parsePageLinks(text, staticRoot);
}

/** A list's text, checked for its shape; `where` names it in the error. */
export function parsePageLinks(text: string, where: string): PageLinksFile {
  const parsed = JSON.parse(text) as PageLinksFile;
  if (typeof parsed.origin !== 'string' || !Array.isArray(parsed.pages)) throw new Error(`${PAGE_LINKS_FILE} in ${where} is not the build's list of pages and links`);
  return parsed;
}

/** The pages of the list `now` gives, made again only when it gives another list. */
export function followedSitePages(now: PageLinksNow, siteUrl: string): () => SitePages {
  let seen: PageLinksFile | null | undefined;
  let pages: SitePages | undefined;
  return () => {
    const file = now();
    if (pages === undefined || file !== seen) {
      seen = file;
      pages = sitePagesOf(file, siteUrl);
    }
    return pages;
  };
}
