import { timingSafeEqual } from 'node:crypto';
import type { SiteSecrets } from '../security/site-secrets.ts';

/*
 * The tokens in newsletter mail links, so a subscriber can confirm or leave without an account
 * or password. A token names the subscriber and is signed with a key derived from the site
 * secret (site-secrets.ts), over the subscriber's e-mail address too: a token cannot be forged,
 * changed to another id, or reused for an address that later takes the same id. Nothing is
 * stored. Confirmation tokens carry their expiry (a week); unsubscribe tokens never expire,
 * because an old newsletter must always let its reader leave (RFC 8058, POPIA).
 *
 *   confirm:      c.<id>.<expires, seconds since the epoch>.<signature>
 *   unsubscribe:  u.<id>.<signature>
 */

export const CONFIRMATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

const PURPOSE = 'newsletter_link';
const CONFIRM = /^c\.([1-9][0-9]{0,9})\.([1-9][0-9]{0,11})\.([0-9a-f]{32})$/;
const UNSUBSCRIBE = /^u\.([1-9][0-9]{0,9})\.([0-9a-f]{32})$/;

export interface Subscriber {
  id: number;
  email: string;
}

export function confirmationToken(secrets: SiteSecrets, subscriber: Subscriber, now: number): string {
  const payload = `c.${subscriber.id}.${Math.floor((now + CONFIRMATION_LIFETIME_MS) / 1000)}`;
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
}

export function parseToken(token: string): ParsedToken | null {
  const confirm = CONFIRM.exec(token);
  if (confirm !== null) {
    const [, id = '', expires = '', signature = ''] = confirm;
    return {
      kind: 'confirm',
      subscriberId: Number(id),
      verify: (secrets, email, now) =>
        now < Number(expires) * 1000 && same(signature, sign(secrets, `c.${id}.${expires}`, email)),
    };
  }
  const unsubscribe = UNSUBSCRIBE.exec(token);
  if (unsubscribe !== null) {
    const [, id = '', signature = ''] = unsubscribe;
    return {
      kind: 'unsubscribe',
      subscriberId: Number(id),
      verify: (secrets, email) => same(signature, sign(secrets, `u.${id}`, email)),
    };
  }
  return null;
}

function sign(secrets: SiteSecrets, payload: string, email: string): string {
  return secrets.hash(PURPOSE, `${payload}|${email}`);
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
