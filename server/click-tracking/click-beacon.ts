import { ANCHOR_MAX, CLICK_FIELD, CONTROL_CHARACTER, URL_MAX } from '../../src/validation/click-tracking/index.ts';
import type { FormFields } from '../http/form-fields.ts';
import type { SitePages } from './site-pages.ts';

/*
 * A Track The Click beacon's fields (CLICK_FIELD in src/validation/click-tracking: the page's
 * id, its URL, the link's anchor and target), each checked before anything is stored; a
 * refusal names the field and why, with a code. The page must be one the build made and the
 * target a link it has (site-pages.ts); what is stored is named as the page names it: the
 * page's URL on SITE_URL, the link's own anchor (README.md, "Abuse paths and the limits that
 * stop them").
 */

export interface ClickBeacon {
  postId: number;
  location: string;
  anchor: string;
  target: string;
}

export type BeaconReading = { ok: true; beacon: ClickBeacon } | { ok: false; code: string; message: string };

/** The one value posted under `name`; undefined when absent (a repeated field counts as absent). */
function single(fields: FormFields, name: string): string | undefined {
  const values = fields.filter(([key]) => key === name);
  return values.length === 1 ? values[0]?.[1] : undefined;
}

const PAGE_PROTOCOLS = ['http:', 'https:'];
/** A link can also call or write to the company: the owner wants to know how often it does. */
const TARGET_PROTOCOLS = [...PAGE_PROTOCOLS, 'mailto:', 'tel:'];

function urlWith(text: string, protocols: readonly string[]): URL | null {
  try {
    const url = new URL(text);
    return protocols.includes(url.protocol) ? url : null;
  } catch {
    return null;
  }
}

// At module level: a named closure inside readBeacon would be renamed by the TypeScript
// loader's keepNames helper on every call, which cost a beacon measurable time.
const refuse = (code: string, message: string): BeaconReading => ({ ok: false, code, message });

/** A page's URL on SITE_URL's origin (no query or fragment), for the page a beacon or a counts request names; null when it is not on this site. */
export function sitePageUrl(location: string, pages: SitePages): string | null {
  const page = urlWith(location, PAGE_PROTOCOLS);
  return page === null || page.hostname !== pages.hostname ? null : `${pages.origin}${page.pathname}`;
}

export function readBeacon(fields: FormFields, pages: SitePages): BeaconReading {
  const postId = single(fields, CLICK_FIELD.postId);
  const location = single(fields, CLICK_FIELD.location);
  const anchor = single(fields, CLICK_FIELD.anchor);
  const target = single(fields, CLICK_FIELD.target);
  if (postId === undefined || location === undefined || anchor === undefined || target === undefined) {
    const missing = [
      [CLICK_FIELD.postId, postId],
      [CLICK_FIELD.location, location],
      [CLICK_FIELD.anchor, anchor],
      [CLICK_FIELD.target, target],
    ]
      .filter(([, value]) => value === undefined)
      .map(([name]) => name);
    return refuse('ttc_missing_field', `Missing or repeated field: ${missing.join(', ')}.`);
  }
  if (!/^\d{1,10}$/.test(postId) || Number(postId) > 2_147_483_647) return refuse('ttc_invalid_post_id', 'postID must be a page id: a whole number, 0 for a page without one.');
  const withControl = [CLICK_FIELD.location, CLICK_FIELD.anchor, CLICK_FIELD.target].filter((name, index) => CONTROL_CHARACTER.test([location, anchor, target][index] ?? ''));
  if (withControl.length > 0) return refuse('ttc_control_character', `${withControl.join(', ')} must not contain control characters (NUL, line breaks, escapes).`);
  if (anchor.length > ANCHOR_MAX) return refuse('ttc_anchor_too_long', `anchor can have at most ${ANCHOR_MAX} characters.`);
  if (location.length > URL_MAX || target.length > URL_MAX) return refuse('ttc_url_too_long', `location and target can have at most ${URL_MAX} characters.`);
  const page = urlWith(location, PAGE_PROTOCOLS);
  if (page === null) return refuse('ttc_invalid_location', 'location must be the absolute http(s) URL of the page.');
  if (page.hostname !== pages.hostname) return refuse('ttc_foreign_location', 'location must be a page of this site.');
  const known = pages.pageAt(page.pathname);
  if (known === undefined) return refuse('ttc_unknown_page', 'location must be a page of this site that exists.');
  if (Number(postId) !== known.postId) return refuse('ttc_wrong_post_id', `postID must be the id of the page at location (${known.postId}).`);
  const link = urlWith(target, TARGET_PROTOCOLS);
  if (link === null) return refuse('ttc_invalid_target', 'target must be an absolute http(s), mailto: or tel: URL.');
  // The site's own links are named on SITE_URL, whatever address the visitor reached it by.
  const named = link.origin === page.origin ? `${pages.origin}${link.pathname}${link.search}${link.hash}` : link.href;
  const anchors = known.links.get(named);
  if (anchors === undefined) return refuse('ttc_unknown_link', 'target must be a link of the page at location.');
  // The page's own text for the link: a beacon's other anchor is not a new link.
  const stored = anchors.includes(anchor) ? anchor : (anchors[0] ?? '');
  return { ok: true, beacon: { postId: known.postId, location: known.url, anchor: stored, target: named } };
}
