import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { contentSecurityPolicyDirectives } from '../security/content-security-policy.ts';

/** Security headers on every response, including static files and 404 pages. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      // Helmet's defaults add upgrade-insecure-requests, which breaks plain-HTTP local runs;
      // TLS in production is the proxy's job (and HSTS below).
      useDefaults: false,
      directives: contentSecurityPolicyDirectives(),
    },
    // The browser default. Helmet's `no-referrer` would strip the Referer that Google Maps
    // API keys are usually restricted by, and the map would refuse to load.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // No includeSubDomains: the company's other subdomains are not ours to force onto HTTPS.
    strictTransportSecurity: { maxAge: 15552000, includeSubDomains: false },
  });
}
