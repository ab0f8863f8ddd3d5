import { groupQueryVariants, type VariantsOf } from '../routes/query-variants.ts';
import type { MemoryFile, SiteFiles } from '../routes/static-files-in-memory.ts';

/*
 * What the site serves at one moment (README.md "Live in seconds"): the build's files with, once
 * the owner has published, a generation of rendered pages in place of the build's. Requests look
 * a file up in `LiveSite.current`, which is replaced in one assignment once a new generation is
 * wholly in memory: a request sees one generation or the next, never a mix of both.
 */

/** Files under /assets/ have a content hash in their name: they never change. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Everything else may be cached but must be revalidated (ETag / Last-Modified). */
export const REVALIDATE_CACHE_CONTROL = 'no-cache';
/** The console's page (admin/index.html, README.md "The console") is never stored anywhere. */
export const CONSOLE_PAGE_CACHE_CONTROL = 'no-store';

export function cacheControlOf(relative: string): string {
  if (relative.startsWith('assets/')) return IMMUTABLE_CACHE_CONTROL;
  return relative.startsWith('admin/') && relative.endsWith('.html') ? CONSOLE_PAGE_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL;
}

/** The files a render writes besides the pages (ARCHITECTURE.md, "A page's life"). */
const RENDERED_FILES = new Set(['sitemap.xml', '.well-known/security.txt', 'page-links.json']);

/**
 * Whether a file of the build is the renderer's: a prerendered page (HTML outside `assets/` and
 * the console's `admin/`) or one of the files rendered with them. A generation replaces all of
 * them, so a page it no longer has (a removed project) is gone; the rest stays the build's.
 */
export function isRenderedFile(relative: string): boolean {
  if (RENDERED_FILES.has(relative)) return true;
  return relative.endsWith('.html') && !relative.startsWith('assets/') && !relative.startsWith('admin/');
}

export interface ServedSite {
  /** The content revision its pages were rendered from; 0 for the build's own pages. */
  revision: number;
  /** Every file by URL path (an index.html at its folder's path and at its own). */
  byPath: ReadonlyMap<string, { file: MemoryFile; variants: VariantsOf | undefined }>;
  /** Folders holding an index.html, without the slash (`/thank-you`): they redirect to `/thank-you/`. */
  folders: ReadonlySet<string>;
  /** 404.html, shown at addresses that are no page. */
  notFound: MemoryFile | undefined;
  /** Every file, for the start-up checks (security.txt). */
  files: readonly MemoryFile[];
}

/** The build's files alone (`generation` absent), or with a generation's files in place of its rendered ones. */
export function servedSite(build: SiteFiles, generation?: { revision: number; files: readonly MemoryFile[] }): ServedSite {
  const files = generation === undefined
    ? build.files
    : [...build.files.filter((file) => !isRenderedFile(file.relative)), ...generation.files];
  // `index@category=x.html` answers `/?category=x` (query-variants.ts), not an address of its own.
  const { pages, variants } = groupQueryVariants(files);
  const byPath = new Map<string, { file: MemoryFile; variants: VariantsOf | undefined }>();
  for (const file of pages) {
    const entry = { file, variants: variants.get(file.relative) };
    for (const urlPath of file.urlPaths) byPath.set(urlPath, entry);
  }
  return {
    revision: generation?.revision ?? 0,
    byPath,
    folders: new Set(pageFolders(files.map((file) => file.relative)).map((folder) => `/${folder}`)),
    notFound: files.find((file) => file.relative === '404.html'),
    files,
  };
}

/** Sub-folders holding an index.html (prerendered routes such as `thank-you`), as URL paths. */
export function pageFolders(files: readonly string[]): string[] {
  return files
    .filter((entry) => entry.endsWith('/index.html'))
    .map((entry) => entry.slice(0, -'/index.html'.length))
    .sort();
}

/** The site a process serves now; `current` is replaced whole, never changed in place. */
export interface LiveSite {
  current: ServedSite;
  /** The build's files (generation 0): assets and anything the renderer does not write. */
  readonly build: SiteFiles;
}
