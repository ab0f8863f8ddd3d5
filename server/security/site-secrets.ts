import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { hmacKey } from './hmac-key.ts';

/**
 * Keyed hashes for everything that WordPress signs with its salts (`wp_hash`): quiz answers,
 * posted-data hashes, and the salted hashes that stand in for visitors' IP addresses (POPIA:
 * an address is never stored: hashAddress). One key per purpose is derived from the site secret (the nonce
 * secret), so every server behind a load balancer computes the same hashes.
 */
export interface SiteSecrets {
  /** HMAC-SHA256 of `data` under the key for `purpose`, as 32 hex digits (wp_hash's length). */
  hash(purpose: string, data: string): string;
  /**
   * The same of a client's address or an e-mail address used as a counter's key, under the
   * address-hash key, which is never in the database (security/address-hash-key.ts): a copy
   * of the database alone cannot tell which address a hash stands for.
   */
  hashAddress(purpose: AddressPurpose, data: string): string;
}

/** What an address hash is for: each its own key, so one kind of hash cannot be matched with another. */
export type AddressPurpose = 'remote_ip' | 'rate_limit' | 'mailbox' | 'mail_domain';

export function createSiteSecrets(secret: string, addressSecret: string): SiteSecrets {
  const hashUnder = (base: string) => {
    // KeyObjects, not Buffers: see hmac-key.ts.
    const keys = new Map<string, KeyObject>();
    const keyFor = (purpose: string): KeyObject => {
      let key = keys.get(purpose);
      if (key === undefined) {
        key = createSecretKey(createHmac('sha256', hmacKey(base)).update(`site-secret|${purpose}`).digest());
        keys.set(purpose, key);
      }
      return key;
    };
    return (purpose: string, data: string) => createHmac('sha256', keyFor(purpose)).update(data).digest('hex').slice(0, 32);
  };
  return { hash: hashUnder(secret), hashAddress: hashUnder(addressSecret) };
}
