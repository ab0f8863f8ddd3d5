import { timingSafeEqual } from 'node:crypto';
import type { SiteSecrets } from '../security/site-secrets.ts';

/*
 * The tokens in newsletter mail links, so a subscriber can confirm or leave without an account
 * or password. A token names the subscriber and is signed with a key derived from the site
 * secret (site-secrets.ts), over the subscriber's e-mail address too: a token cannot be forged,
 * changed to another id, or reused for an address that later takes the same id. Confirmation
 * tokens carry their expiry (a week) and a keyed hash of the one pending change they confirm
 * (subscribe.ts stores it, with a random key, so no two changes hash alike): the token confirms
 * that change and nothing else, and once the change is applied or replaced the token is spent
 * (README.md, "Abuse paths and the limits that stop them"). Unsubscribe tokens never expire,
 * because an old newsletter must always let its reader leave (RFC 8058, POPIA).
 *
 *   confirm:      c.<id>.<expires, seconds since the epoch>.<change hash>.<signature>
 *   unsubscribe:  u.<id>.<signature>
 */

export const CONFIRMATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

const PURPOSE = 'newsletter_link';
const CHANGE_PURPOSE = 'newsletter_pending_change';
const CONFIRM = /^c\.([1-9][0-9]{0,9})\.([1-9][0-9]{0,11})\.([0-9a-f]{16})\.([0-9a-f]{32})$/;
const UNSUBSCRIBE = /^u\.([1-9][0-9]{0,9})\.([0-9a-f]{32})$/;

export interface Subscriber {
  id: number;
  email: string;
}

/** The link confirming `change`, the subscriber's pending change as stored (its JSON text). */
export function confirmationToken(secrets: SiteSecrets, subscriber: Subscriber, change: string, now: number): string {
  const payload = `c.${subscriber.id}.${Math.floor((now + CONFIRMATION_LIFETIME_MS) / 1000)}.${changeHash(secrets, change)}`;
  return `${payload}.${sign(secrets, payload, subscriber.email)}`;
}

export function unsubscribeToken(secrets: SiteSecrets, subscriber: Subscriber): string {
  const payload = `u.${subscriber.id}`;
  return `${payload}.${sign(secrets, payload, subscriber.email)}`;
}

/** A token read from a link: whose it claims to be. Check it with `verify` against the stored address. */
export interface ParsedToken {
  kind: 'confirm' | 'unsubscribe';
  subscriberId: number;
  verify(secrets: SiteSecrets, email: string, now: number): boolean;
  /** A confirmation token: true when `change` (the stored pending change, or null) is the one it was mailed for. */
  confirms(secrets: SiteSecrets, change: string | null): boolean;
}

export function parseToken(token: string): ParsedToken | null {
  const confirm = CONFIRM.exec(token);
  if (confirm !== null) {
    const [, id = '', expires = '', change = '', signature = ''] = confirm;
    return {
      kind: 'confirm',
      subscriberId: Number(id),
      verify: (secrets, email, now) =>
        now < Number(expires) * 1000 && same(signature, sign(secrets, `c.${id}.${expires}.${change}`, email)),
      confirms: (secrets, stored) => stored !== null && same(change, changeHash(secrets, stored)),
    };
  }
  const unsubscribe = UNSUBSCRIBE.exec(token);
  if (unsubscribe !== null) {
    const [, id = '', signature = ''] = unsubscribe;
    return {
      kind: 'unsubscribe',
      subscriberId: Number(id),
      verify: (secrets, email) => same(signature, sign(secrets, `u.${id}`, email)),
      confirms: () => false,
    };
  }
  return null;
}

function sign(secrets: SiteSecrets, payload: string, email: string): string {
  return secrets.hash(PURPOSE, `${payload}|${email}`);
}

function changeHash(secrets: SiteSecrets, change: string): string {
  return secrets.hash(CHANGE_PURPOSE, change).slice(0, 16);
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
