import type { FastifyInstance, FastifyRequest } from 'fastify';

/*
 * The site's own address, for every route that needs it (absolute URLs in answers, the host
 * reCAPTCHA reports, the page a form was sent from): always SITE_URL, never the request's Host
 * header, which the client writes.
 */

/**
 * Where absolute URLs in answers point (the redirect, captcha images): SITE_URL, never the
 * request's Host header, which the client writes (and a proxy may rewrite).
 */
export function siteBaseOf(app: FastifyInstance): string {
  return app.config.siteUrl;
}

// Parsed once per configuration: the click beacon asks on every request.
const siteUrls = new WeakMap<FastifyInstance['config'], URL>();

/** SITE_URL, parsed (do not change it: it is shared). */
export function siteUrlOf(app: FastifyInstance): URL {
  let url = siteUrls.get(app.config);
  if (url === undefined) {
    url = new URL(app.config.siteUrl);
    siteUrls.set(app.config, url);
  }
  return url;
}

/** The site's host name, as reCAPTCHA reports where a token was made. */
export function siteHostnameOf(app: FastifyInstance): string {
  return siteUrlOf(app).hostname;
}

/** The site's origin (`https://www.example.co.za`), which a browser's `Origin` header names. */
export function siteOriginOf(app: FastifyInstance): string {
  return siteUrlOf(app).origin;
}

/** The page the form was sent from: the Referer, when it is on this site (CF7 does the same). */
export function pageUrlOf(app: FastifyInstance, request: FastifyRequest): string | null {
  const referer = request.headers.referer;
  if (typeof referer !== 'string') return null;
  try {
    const url = new URL(referer);
    return url.hostname === siteHostnameOf(app) ? url.toString().slice(0, 500) : null;
  } catch {
    return null;
  }
}
