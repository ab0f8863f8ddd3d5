// The links of a prerendered page, as a click beacon names them (the browser's own naming,
// src/validation/click-tracking/tracked-link.ts, run on the page's HTML): the build writes
// every page's id and links beside the pages, and the server stores clicks only for those
// (server/click-tracking/site-pages.ts; README.md, "Abuse paths and the limits that stop them").
import { JSDOM } from 'jsdom';
import type { PageLinksFile } from '../click-tracking/site-pages.ts';
import { trackedLinkOf } from '../../src/validation/click-tracking/tracked-link.ts';

/** The origin the build resolves links on; the server puts SITE_URL's in its place. */
export const BUILD_ORIGIN = 'https://build.invalid';

type PageLinks = PageLinksFile['pages'][number]['links'];

/** Every tracked link of the page at `path` (each target and anchor once), in document order. */
export function pageLinksOf(html: string, path: string): PageLinks {
  const { window } = new JSDOM(html, { url: `${BUILD_ORIGIN}${path}` });
  const links: PageLinks = [];
  const seen = new Set<string>();
  for (const element of window.document.querySelectorAll('a')) {
    const link = trackedLinkOf(element);
    if (link === null) continue;
    const key = JSON.stringify([link.target, link.anchor]);
    if (seen.has(key)) continue;
    seen.add(key);
    links.push(link);
  }
  window.close();
  return links;
}
