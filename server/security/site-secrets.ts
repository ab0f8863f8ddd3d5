import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { hmacKey } from './hmac-key.ts';

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
  // KeyObjects, not Buffers: see hmac-key.ts.
  const keys = new Map<string, KeyObject>();
  const keyFor = (purpose: string): KeyObject => {
    let key = keys.get(purpose);
    if (key === undefined) {
      key = createSecretKey(createHmac('sha256', hmacKey(secret)).update(`site-secret|${purpose}`).digest());
      keys.set(purpose, key);
    }
    return key;
  };
  return {
    hash: (purpose, data) => createHmac('sha256', keyFor(purpose)).update(data).digest('hex').slice(0, 32),
  };
}
