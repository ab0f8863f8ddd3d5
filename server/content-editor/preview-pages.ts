import type { RenderedSiteFile } from '../site-render/render-site.ts';

/*
 * The editor's preview pages a process rendered, by preview id (README.md, "Abuse paths and the
 * limits that stop them"): a preview's draft never changes, so its page is rendered once per
 * process however often its frame is loaded; making a new preview is what the per-person
 * limit counts (CONTENT_PREVIEW_RATE_LIMIT). Two requests for one preview share one render. At
 * most PREVIEW_PAGES_KEPT pages are kept, none past its preview's expiry; a render that fails
 * or made no page is not kept.
 */

export const PREVIEW_PAGES_KEPT = 32;

interface Kept {
  page: Promise<RenderedSiteFile | undefined>;
  expiresAt: number;
}

export function previewPages(now: () => number, kept: number = PREVIEW_PAGES_KEPT) {
  // A Map keeps insertion order: the first entry is the oldest.
  const pages = new Map<string, Kept>();

  function forgetExpired(at: number): void {
    for (const [id, entry] of pages) if (entry.expiresAt <= at) pages.delete(id);
    while (pages.size >= kept) {
      const oldest = pages.keys().next();
      if (oldest.done === true) break;
      pages.delete(oldest.value);
    }
  }

  return {
    /** The page of preview `id` (valid until `expiresAt`), rendered by `render` unless this process has it. */
    page(id: string, expiresAt: number, render: () => Promise<RenderedSiteFile | undefined>): Promise<RenderedSiteFile | undefined> {
      const found = pages.get(id);
      if (found !== undefined && found.expiresAt > now()) return found.page;
      forgetExpired(now());
      const page = render();
      pages.set(id, { page, expiresAt });
      const forget = () => {
        if (pages.get(id)?.page === page) pages.delete(id);
      };
      page.then((rendered) => (rendered === undefined ? forget() : undefined), forget);
      return page;
    },
    /** How many pages are kept (tests). */
    get size() {
      return pages.size;
    },
  };
}
