import type { FastifyInstance } from 'fastify';
import { issueNonceCookie } from '../security/nonce-cookie.ts';

/**
 * `GET /wp-json/site/v1/nonce/:action`: a fresh nonce for one action. Pages fetch nonces
 * when they need them, so no nonce ever sits in cacheable HTML (the classic cause of
 * Contact Form 7's 403s behind page caches). Never cached. The nonce pairs with the visitor's
 * nonce cookie, set with it (security/nonce-cookie.ts).
 */
export default async function nonceRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { action: string } }>(
    '/wp-json/site/v1/nonce/:action',
    {
      schema: {
        params: {
          type: 'object',
          required: ['action'],
          // NONCE_ACTION_PATTERN, spelled without the i flag JSON schema cannot carry.
          properties: { action: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } },
        },
        response: {
          200: {
            type: 'object',
            required: ['action', 'nonce'],
            properties: { action: { type: 'string' }, nonce: { type: 'string' } },
          },
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { action } = request.params;
      return { action, nonce: app.nonces.create(action, issueNonceCookie(request, reply)) };
    },
  );
}
