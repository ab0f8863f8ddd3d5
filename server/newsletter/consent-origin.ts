import type { SiteSecrets } from '../security/site-secrets.ts';
import { addressNetwork } from '../http/rate-limit.ts';

/** Where a consent came from, as POPIA records keep it: the address only as a keyed hash, the user agent trimmed. */
export interface ConsentOrigin {
  ipHash: string | null;
  userAgent: string | null;
}

/** The parts of a request a consent records. */
export interface ConsentRequest {
  ip: string;
  headers: { 'user-agent'?: string | string[] };
}

export function consentOriginOf(secrets: Pick<SiteSecrets, 'hashAddress'>, request: ConsentRequest): ConsentOrigin {
  const userAgent = request.headers['user-agent'];
  return {
    // The contact form's purpose: one address hashes alike in submissions and consents.
    ipHash: request.ip === '' ? null : secrets.hashAddress('remote_ip', addressNetwork(request.ip)),
    userAgent: typeof userAgent === 'string' && userAgent.trim() !== '' ? userAgent.trim().slice(0, 254) : null,
  };
}
