import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { contentSecurityPolicyDirectives, postRedirectOrigins } from '../security/content-security-policy.ts';
import fp from 'fastify-plugin';

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
 * Helmet's security headers on every response, including static files and 404 pages.
 * Helmet itself rather than @fastify/helmet: the Fastify wrapper rebuilds the middleware
 * (and re-serialises the CSP) on every request, which measured at less than half the
 * throughput on this project's machines. Built once here, it only sets headers.
 */
export const registerSecurityHeaders = fp(
  async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
    // The forms' POST redirects may submit to their allow-listed hosts (form-action).
    const setSecurityHeaders = helmet(helmetOptions(postRedirectOrigins(app.forms.all())));
    app.addHook('onRequest', function securityHeaders(request, reply, done) {
      setSecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
    });
  },
  { name: 'security-headers', fastify: '5.x', dependencies: ['app-context'] },
);
