import { createHmac, timingSafeEqual } from 'node:crypto';
import { hmacKey } from './hmac-key.ts';

/*
 * WordPress-style nonces for anonymous visitors. Time is cut into ticks of half a lifetime;
 * a nonce is an HMAC of the tick and the action, so it is valid for the tick it was issued
 * in and the next one: between 12 and 24 hours with the default lifetime of one day.
 * Nothing is stored, so any server holding the secret can verify any other's nonces.
 * Everything here is pure: `now` (milliseconds since the epoch) is always a parameter.
 */

export const NONCE_LIFETIME_SECONDS = 24 * 60 * 60;

/** 22 base64url characters = 132 bits of the HMAC: unguessable, short enough for a header. */
const NONCE_LENGTH = 22;

export const NONCE_ACTION_PATTERN = /^[a-z0-9_-]{1,64}$/i;

/** WordPress's `wp_nonce_tick()`: ceil(time / (lifetime / 2)). */
export function nonceTick(now: number, lifetimeSeconds: number = NONCE_LIFETIME_SECONDS): number {
  return Math.ceil(now / 1000 / (lifetimeSeconds / 2));
}

function nonceForTick(secret: string, action: string, tick: number): string {
  return createHmac('sha256', hmacKey(secret)).update(`${tick}|${action}`).digest('base64url').slice(0, NONCE_LENGTH);
}

export function createNonce(
  secret: string,
  action: string,
  now: number,
  lifetimeSeconds: number = NONCE_LIFETIME_SECONDS,
): string {
  return nonceForTick(secret, action, nonceTick(now, lifetimeSeconds));
}

/**
 * Like WordPress's `wp_verify_nonce()`: 1 when issued in the current tick, 2 when issued in
 * the previous one (the caller may want to hand out a fresh nonce), false otherwise.
 */
export function verifyNonce(
  secret: string,
  nonce: string,
  action: string,
  now: number,
  lifetimeSeconds: number = NONCE_LIFETIME_SECONDS,
): 1 | 2 | false {
  if (nonce.length !== NONCE_LENGTH) return false;
  const tick = nonceTick(now, lifetimeSeconds);
  if (safeEqual(nonce, nonceForTick(secret, action, tick))) return 1;
  if (safeEqual(nonce, nonceForTick(secret, action, tick - 1))) return 2;
  return false;
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
