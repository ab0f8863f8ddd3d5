import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { isIPv4 } from 'node:net';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { RateLimit } from '../config.ts';
import { databaseRateLimitStore } from './database-rate-limit-store.ts';
import { httpErrors } from './rest-error.ts';

/**
 * One client, for counting: an IPv4 address, or an IPv6 address's /64 (one subscriber's network,
 * where every device may take any of 2⁶⁴ addresses), an IPv4-mapped IPv6 address as its IPv4
 * address. @fastify/rate-limit's own normalisation, with the prefix stated here so a change of
 * its default cannot widen the limits (README.md, "Abuse paths and the limits that stop them").
 */
export const IPV6_CLIENT_PREFIX = 64;

export function clientKey(ip: string): string {
  return normalizeIP(ip, IPV6_CLIENT_PREFIX);
}

/**
 * The network an address belongs to, where only that informs (README, "Privacy"): an IPv4
 * address's /24 (`203.0.113.0`), an IPv6 address's /48. What records keep, as a keyed hash;
 * counting a client's requests needs the whole clientKey.
 */
export const IPV6_NETWORK_PREFIX = 48;

export function addressNetwork(ip: string): string {
  const client = normalizeIP(ip, IPV6_NETWORK_PREFIX);
  if (isIPv4(client)) return `${client.split('.').slice(0, 3).join('.')}.0`;
  return client;
}

/** The key a request is counted under in rate_limits: the client's keyed hash, never its address. */
export function countingKey(app: FastifyInstance, ip: string): string {
  return app.secrets.hashAddress('rate_limit', clientKey(ip));
}

/**
 * The per-address limit of a route plugin (FEEDBACK_RATE_LIMIT, NEWSLETTER_RATE_LIMIT…):
 * registers @fastify/rate-limit in the plugin's own scope, answering 429 with `code` and a
 * Retry-After, and returns the route config that turns it on (empty when the limit is off).
 * Counted in the database (RATE_LIMIT_STORE), a bucket per refusal code, when several servers
 * share it.
 */
export async function perAddressLimit(
  app: FastifyInstance,
  limit: RateLimit | null,
  refusal: { code: string; what: string },
): Promise<FastifyContextConfig> {
  if (limit === null) return {};
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => countingKey(app, request.ip),
    ...(app.config.rateLimitStore === 'database' ? { store: databaseRateLimitStore(app.db, refusal.code) } : {}),
    errorResponseBuilder: (_request, context) => httpErrors.rateLimited(refusal.code, refusal.what, Math.max(1, Math.ceil(context.ttl / 1000))),
  });
  return { rateLimit: { max: limit.max, timeWindow: limit.windowMs } };
}
