import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Where a consent came from, as POPIA records keep it: the address only as a keyed hash, the user agent trimmed. */
export interface ConsentOrigin {
  ipHash: string | null;
  userAgent: string | null;
}

export function consentOriginOf(app: FastifyInstance, request: FastifyRequest): ConsentOrigin {
  const userAgent = request.headers['user-agent'];
  return {
    // The contact form's purpose: one address hashes alike in submissions and consents.
    ipHash: request.ip === '' ? null : app.secrets.hash('remote_ip', request.ip),
    userAgent: typeof userAgent === 'string' && userAgent.trim() !== '' ? userAgent.trim().slice(0, 254) : null,
  };
}
