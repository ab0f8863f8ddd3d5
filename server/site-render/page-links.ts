// The links of a prerendered page, as a click beacon names them (the browser's own naming,
// src/validation/click-tracking/tracked-link.ts, run on the page's HTML): the build writes
// every page's id and links beside the pages, and the server stores clicks only for those
// (server/click-tracking/site-pages.ts; README.md, "Abuse paths and the limits that stop them").
// Only links a visitor with scripts can follow are listed: the beacon is sent by a script, so a
// link inside <noscript> (a video's YouTube link, the newsletter's e-mail link) is never shown
// to a browser that could report it, and a beacon naming one is refused like any unknown link.
import { JSDOM } from 'jsdom';
import type { PageLinksFile } from '../click-tracking/site-pages.ts';
import { trackedLinkOf } from '../../src/validation/click-tracking/tracked-link.ts';

/** The origin the build resolves links on; the server puts SITE_URL's in its place. */
export const BUILD_ORIGIN = 'https://build.invalid';

type PageLinks = PageLinksFile['pages'][number]['links'];

/** Every tracked link of the page at `path` (each target and anchor once, none inside <noscript>), in document order. */
export function pageLinksOf(html: string, path: string): PageLinks {
  const { window } = new JSDOM(html, { url: `${BUILD_ORIGIN}${path}` });
  const links: PageLinks = [];
  const seen = new Set<string>();
  for (const element of window.document.querySelectorAll('a')) {
    // JSDOM runs no scripts, so it parses <noscript> content as markup; a browser with scripts does not.
    if (element.closest('noscript') !== null) continue;
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
