import { IncomingMessage, ServerResponse, type OutgoingHttpHeaders } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { contentSecurityPolicyDirectives, postRedirectOrigins } from '../security/content-security-policy.ts';
import fp from 'fastify-plugin';
import { PERMISSIONS_POLICY } from '../security/permissions-policy.ts';

export const helmetOptions = (formActionOrigins: readonly string[] = []): HelmetOptions => ({
  contentSecurityPolicy: {
    // Helmet's defaults add upgrade-insecure-requests, which breaks plain-HTTP local runs;
    // TLS in production is the proxy's job (and HSTS below).
    useDefaults: false,
    directives: contentSecurityPolicyDirectives(formActionOrigins),
  },
  // The browser default. Helmet's `no-referrer` would strip the Referer that Google Maps
  // API keys are usually restricted by, and the map would refuse to load.
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // No includeSubDomains: the company's other subdomains are not ours to force onto HTTPS.
  strictTransportSecurity: { maxAge: 15552000, includeSubDomains: false },
});

/**
 * The headers Helmet sets, read once from a response it has set them on: they depend on the
 * options alone, never on the request.
 */
export function helmetHeaders(options: HelmetOptions): Array<[string, string]> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  let failed: unknown = null;
  helmet(options)(response.req, response, (error?: unknown) => {
    failed = error ?? null;
  });
  if (failed !== null) throw failed;
  const headers: OutgoingHttpHeaders = response.getHeaders();
  return Object.entries(headers).map(([name, value]) => [name, String(value)]);
}

/**
 * Helmet's security headers on every response, including static files and 404 pages, and
 * the Permissions-Policy (security/permissions-policy.ts), which Helmet does not set.
 * Helmet itself rather than @fastify/helmet: the Fastify wrapper rebuilds the middleware
 * (and re-serialises the CSP) on every request, which measured at less than half the
 * throughput on this project's machines. Helmet is run once, at start, and its headers are
 * then copied onto every response (its middleware chain per request was a tenth of a click
 * beacon's time).
 */
export const registerSecurityHeaders = fp(
  async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
    // The forms' POST redirects may submit to their allow-listed hosts (form-action).
    const headers = [...helmetHeaders(helmetOptions(postRedirectOrigins(app.forms.all()))), ['permissions-policy', PERMISSIONS_POLICY] as const];
    app.addHook('onRequest', function securityHeaders(_request, reply, done) {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      done();
    });
  },
  { name: 'security-headers', fastify: '5.x', dependencies: ['app-context'] },
);
