import { createHmac } from 'node:crypto';

/**
 * Keyed hashes for everything that WordPress signs with its salts (`wp_hash`): quiz answers,
 * posted-data hashes, and the salted hashes that stand in for visitors' IP addresses (POPIA:
 * an address is never stored). One key per purpose is derived from the site secret (the nonce
 * secret), so every server behind a load balancer computes the same hashes.
 */
export interface SiteSecrets {
  /** HMAC-SHA256 of `data` under the key for `purpose`, as 32 hex digits (wp_hash's length). */
  hash(purpose: string, data: string): string;
}

export function createSiteSecrets(secret: string): SiteSecrets {
  const keys = new Map<string, Buffer>();
  const keyFor = (purpose: string): Buffer => {
    let key = keys.get(purpose);
    if (key === undefined) {
      key = createHmac('sha256', secret).update(`site-secret|${purpose}`).digest();
      keys.set(purpose, key);
    }
    return key;
  };
  return {
    hash: (purpose, data) => createHmac('sha256', keyFor(purpose)).update(data).digest('hex').slice(0, 32),
  };
}
