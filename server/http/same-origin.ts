import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { httpErrors } from './rest-error.ts';
import { siteOriginOf } from './site-url.ts';

/*
 * Every public form route takes POSTs only from the site's own pages (README.md, "Abuse paths
 * and the limits that stop them"): a browser tells where a request comes from in `Origin` and
 * `Sec-Fetch-Site`, and a request another site's page makes is refused with 403
 * `cross_site_request`, in the route's own error shape (its error handler turns the RestError
 * into it). A request without those headers (curl, a mail client's one-click unsubscribe, an
 * old browser) is not a browser's cross-site request and goes on to the route's other checks.
 * The site's own origin is SITE_URL's, never the request's Host header (site-url.ts).
 */

export const CROSS_SITE_CODE = 'cross_site_request';

/** True when a browser says the request was made by another site's page. */
export function isCrossSite(siteOrigin: string, request: Pick<FastifyRequest, 'headers'>): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  // `null` is the origin of a sandboxed frame or a privacy-redirected form: not this site.
  try {
    return new URL(origin).origin !== siteOrigin;
  } catch {
    return true;
  }
}

/**
 * True only when a browser says the request comes from this site's own pages: its `Origin` is
 * the site's and `Sec-Fetch-Site`, when sent, is `same-origin`. Where a nonce would guard a
 * form against another site's page (CSRF), this does that job for a form the browser posted
 * itself before its script could fetch one (README.md, "The newsletter"); a request without
 * `Origin` proves nothing.
 */
export function isSameOriginRequest(siteOrigin: string, request: Pick<FastifyRequest, 'headers'>): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).origin === siteOrigin;
  } catch {
    return false;
  }
}

/** An onRequest hook refusing cross-site requests: `onRequest: [refuseCrossSite, …]`. */
export const refuseCrossSite: onRequestAsyncHookHandler = async function refuseCrossSite(request) {
  if (isCrossSite(siteOriginOf(request.server), request)) {
    throw httpErrors.forbidden(CROSS_SITE_CODE, 'This form takes requests from the site\'s own pages only.');
  }
};
