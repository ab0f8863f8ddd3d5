import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pageLinkClicks } from './click-counts.ts';
import { readBeacon, sitePageUrl } from './click-beacon.ts';
import { HitQueueFullError } from './hit-writer.ts';
import { followedSitePages, PAGE_LINKS_FILE, readPageLinks, type PageLinksNow } from './site-pages.ts';
import { fieldValue, formFieldsOf, isFormMediaType, registerFormBodyParsers } from '../http/form-fields.ts';
import { perAddressLimit } from '../http/rate-limit.ts';
import { httpErrors, RestError } from '../http/rest-error.ts';
import { restErrors } from '../http/route-schemas.ts';
import { CLICK_FIELD, CLICK_NAMESPACE, COUNTS_SESSION_REQUIRED, REST_NONCE_ACTION } from '../../src/validation/click-tracking/index.ts';
import { refuseCrossSite } from '../http/same-origin.ts';
import { nonceBindingOf } from '../security/nonce-cookie.ts';
import { activeConsoleSession } from '../console/console-guard.ts';
import { presenceCookie } from '../console/console-sessions.ts';

/*
 * Track The Click's REST routes, on the plugin's paths (`{cachebreak}` digits only, as its
 * route pattern; anything else is the REST API's 404):
 * - `POST …/click/{cachebreak}`: a beacon; answered `true` once its hit is committed, 400 with
 *   a code for a bad field or a page or link the build did not make (site-pages.ts), 503 when too many hits wait to be stored, 429 over CLICK_RATE_LIMIT.
 * - `POST …/getpagelinkclicks/{cachebreak}`: a page's link counts for the page itself to show,
 *   with the `wp_rest` nonce in `X-WP-Nonce`, to a signed-in console user only (as the plugin
 *   shows them to logged-in editors only; README.md, "Click counts"): without a live console
 *   session 403 `ttc_console_session_required`; `false` while CLICK_COUNTS is off.
 */

const BASE = `/wp-json/${CLICK_NAMESPACE}`;
const BODY_LIMIT = 16 * 1024;
export const CLICKS_RATE_LIMITED = { code: 'ttc_rate_limited', what: 'clicks' };

export interface TrackTheClickOptions {
  /** The served pages' list (server/app.ts gives the live site's); the build's, read at start, when absent. */
  pageLinks?: PageLinksNow;
}

export default async function trackTheClickRoutes(app: FastifyInstance, options: TrackTheClickOptions = {}): Promise<void> {
  registerFormBodyParsers(app, BODY_LIMIT);
  const onRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    if (!isFormMediaType(request.headers['content-type'])) {
      throw httpErrors.unsupportedMediaType('ttc_unsupported_media_type', 'Send the beacon as multipart/form-data or application/x-www-form-urlencoded.');
    }
  };
  const limited = await perAddressLimit(app, app.config.clickRateLimit, CLICKS_RATE_LIMITED);
  const built = options.pageLinks === undefined ? await readPageLinks(app.config.staticRoot) : undefined;
  const pageLinks: PageLinksNow = options.pageLinks ?? (() => built ?? null);
  if (pageLinks() === null) app.log.warn({ staticRoot: app.config.staticRoot }, `no ${PAGE_LINKS_FILE} in the built site: every click beacon is refused (npm run build writes it)`);
  const pagesNow = followedSitePages(pageLinks, app.config.siteUrl);
  const params = { type: 'object', required: ['cachebreak'], properties: { cachebreak: { type: 'string' } } } as const;

  app.post(
    `${BASE}/click/:cachebreak(^\\d+$)`,
    // compress: false: the answer is `true`; the hook would only cost every beacon time.
    { bodyLimit: BODY_LIMIT, onRequest: [refuseCrossSite, onRequest], config: limited, compress: false, schema: { params, response: { 200: { type: 'boolean' }, ...restErrors(400, 403, 413, 415, 429, 503) } } },
    async (request, reply) => {
      const reading = readBeacon(formFieldsOf(request.body) ?? [], pagesNow());
      if (!reading.ok) throw httpErrors.badRequest(reading.code, reading.message);
      try {
        await app.clickHits.write({ ...reading.beacon, clickedAt: new Date(app.clock()).toISOString() });
      } catch (error) {
        if (error instanceof HitQueueFullError) {
          reply.header('retry-after', '1');
          throw new RestError(503, 'ttc_busy', 'Too many clicks are waiting to be stored; try again in a second.');
        }
        throw error;
      }
      return true;
    },
  );

  app.post(
    `${BASE}/getpagelinkclicks/:cachebreak(^\\d+$)`,
    { bodyLimit: BODY_LIMIT, onRequest: [refuseCrossSite, onRequest], schema: { params, response: restErrors(400, 403, 413, 415) } },
    async (request, reply) => {
      if (!app.config.clickCounts) return false;
      const nonce = request.headers['x-wp-nonce'];
      if (typeof nonce !== 'string' || app.nonces.verify(nonce, REST_NONCE_ACTION, nonceBindingOf(request)) === false) {
        throw httpErrors.forbidden('rest_cookie_invalid_nonce', 'Cookie check failed');
      }
      if ((await activeConsoleSession(request)) === null) {
        // The page asked because of its tab's mark, which the page now forgets; an older build's presence cookie goes too.
        const presence = presenceCookie(app.config.siteUrl);
        reply.clearCookie(presence.name, presence.options);
        throw httpErrors.forbidden(COUNTS_SESSION_REQUIRED, 'Click counts are shown to people signed in to the console only.');
      }
      const fields = formFieldsOf(request.body) ?? [];
      const postId = fieldValue(fields, CLICK_FIELD.postId);
      const location = fieldValue(fields, CLICK_FIELD.location);
      if (!/^\d{1,10}$/.test(postId)) throw httpErrors.badRequest('ttc_invalid_post_id', 'postID must be a page id: a whole number, 0 for a page without one.');
      // Stored on SITE_URL without query or fragment (click-beacon.ts): asked for the same way.
      return pageLinkClicks(app.db, Number(postId), sitePageUrl(location, pagesNow()) ?? location);
    },
  );
}
