import { ANCHOR_MAX, CLICK_FIELD, URL_MAX } from '../../src/validation/click-tracking/index.ts';
import type { FormFields } from '../http/form-fields.ts';

/*
 * A Track The Click beacon's fields (CLICK_FIELD in src/validation/click-tracking: the page's
 * id, its URL, the link's anchor and target), each checked before anything is stored; a
 * refusal names the field and why, with a code.
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

export function readBeacon(fields: FormFields, siteHostname: string): BeaconReading {
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
  if (anchor.length > ANCHOR_MAX) return refuse('ttc_anchor_too_long', `anchor can have at most ${ANCHOR_MAX} characters.`);
  if (location.length > URL_MAX || target.length > URL_MAX) return refuse('ttc_url_too_long', `location and target can have at most ${URL_MAX} characters.`);
  const page = urlWith(location, PAGE_PROTOCOLS);
  if (page === null) return refuse('ttc_invalid_location', 'location must be the absolute http(s) URL of the page.');
  if (page.hostname !== siteHostname) return refuse('ttc_foreign_location', 'location must be a page of this site.');
  if (urlWith(target, TARGET_PROTOCOLS) === null) return refuse('ttc_invalid_target', 'target must be an absolute http(s), mailto: or tel: URL.');
  return { ok: true, beacon: { postId: Number(postId), location, anchor, target } };
}
