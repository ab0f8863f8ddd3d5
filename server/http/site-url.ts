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
const hostnames = new WeakMap<FastifyInstance['config'], string>();

/** The site's host name, as reCAPTCHA reports where a token was made. */
export function siteHostnameOf(app: FastifyInstance): string {
  let hostname = hostnames.get(app.config);
  if (hostname === undefined) {
    hostname = new URL(app.config.siteUrl).hostname;
    hostnames.set(app.config, hostname);
  }
  return hostname;
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
