import { PAGE_LINKS_FILE, parsePageLinks, type PageLinksFile, type PageLinksNow } from '../click-tracking/site-pages.ts';
import type { LiveSite, ServedSite } from './served-site.ts';

/*
 * The click beacons' list of pages and links (click-tracking/site-pages.ts) as the site serves it
 * now (README.md, "Live in seconds"): a published generation carries its own page-links.json, so
 * a new project's page and links are known the moment its pages are served. The same object is
 * given until the served site changes; `built` is the list read from STATIC_ROOT at start, for a
 * site whose list is not held in memory.
 */
export function livePageLinks(live: LiveSite, built: PageLinksFile | null): PageLinksNow {
  let seen: ServedSite | undefined;
  let file = built;
  return () => {
    if (live.current !== seen) {
      seen = live.current;
      const memory = seen.files.find((candidate) => candidate.relative === PAGE_LINKS_FILE);
      file = memory === undefined ? built : parsePageLinks(memory.variants.identity.body.toString('utf8'), `content revision ${seen.revision}`);
    }
    return file;
  };
}
