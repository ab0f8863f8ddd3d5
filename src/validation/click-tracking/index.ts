// Track The Click's REST protocol, written once for the browser's beacon and counts
// (services/click-tracking/track-the-click-api.client.ts) and the server's routes and checks
// (server/click-tracking/track-the-click.route.ts, server/click-tracking/click-beacon.ts): the routes, the fields of
// a hit, the limits the server holds them to, the nonce action and the counts' answer.
// Browser-safe: no node: imports.

/** The plugin's REST namespace, below the REST root (`/wp-json/`). */
export const CLICK_NAMESPACE = 'track-the-click/v3';
/** A hit: `POST <namespace>/click/{cachebreak}`. */
export const CLICK_ROUTE = `${CLICK_NAMESPACE}/click/`;
/** A page's counts: `POST <namespace>/getpagelinkclicks/{cachebreak}`. */
export const COUNTS_ROUTE = `${CLICK_NAMESPACE}/getpagelinkclicks/`;

/** The fields of a hit (multipart, as navigator.sendBeacon posts FormData); the counts' request posts the first two. */
export const CLICK_FIELD = {
  /** The page's id, 0 for a page without one. */
  postId: 'postID',
  /** The page's URL. */
  location: 'location',
  /** The link's text, inner HTML, or `image:<url>` (validation/click-tracking/tracked-link.ts). */
  anchor: 'anchor',
  /** The link's absolute URL. */
  target: 'target',
} as const;

/** The longest anchor the server stores; the browser cuts a longer one to it. */
export const ANCHOR_MAX = 255;
/** The longest location or target the server takes. */
export const URL_MAX = 4096;

/** No field of a hit may hold a control character (NUL among them): refused as `ttc_control_character`. */
export { CONTROL_CHARACTER } from '../shared/control-characters.ts';

/** The nonce action WordPress's REST cookie check uses (`X-WP-Nonce` on the counts' request). */
export const REST_NONCE_ACTION = 'wp_rest';

/** The counts endpoint's 403 code for a browser without a live console session (README.md, "Click counts"). */
export const COUNTS_SESSION_REQUIRED = 'ttc_console_session_required';

/** One link's count in the counts' answer (the plugin's: `clicks` may come as a string of digits). */
export interface LinkCountAnswer {
  target: string;
  anchor: string;
  clicks: number | string;
}

/** The counts' answer: `false` while the server shows none (CLICK_COUNTS off). */
export type CountsAnswer = LinkCountAnswer[] | false;
