import { describe, expect, it } from 'vitest';
import { createNonce, NONCE_LIFETIME_SECONDS, nonceTick, verifyNonce } from '../../server/security/nonce.ts';

const secret = 'a-test-secret-that-is-long-enough-0123';
const HALF_DAY_MS = (NONCE_LIFETIME_SECONDS / 2) * 1000;
// A moment in the middle of a tick, so "+/- a little" stays inside it.
const now = Date.UTC(2026, 0, 15, 9, 0, 0);

describe('nonceTick', () => {
  it('is ceil(seconds / (lifetime / 2)), like wp_nonce_tick', () => {
    expect(nonceTick(0)).toBe(0);
    expect(nonceTick(1)).toBe(1);
    expect(nonceTick(HALF_DAY_MS)).toBe(1);
    expect(nonceTick(HALF_DAY_MS + 1000)).toBe(2);
    expect(nonceTick(now)).toBe(Math.ceil(now / 1000 / 43200));
  });

  it('honours a custom lifetime', () => {
    expect(nonceTick(60_000, 60)).toBe(2);
    expect(nonceTick(61_000, 60)).toBe(3);
  });
});

describe('createNonce / verifyNonce', () => {
  it('makes a URL-safe token that is stable within a tick', () => {
    const nonce = createNonce(secret, 'contact', now);
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(createNonce(secret, 'contact', now + 1000)).toBe(nonce);
  });

  it('returns 1 in the tick the nonce was issued', () => {
    expect(verifyNonce(secret, createNonce(secret, 'contact', now), 'contact', now)).toBe(1);
  });

  it('returns 2 in the following tick', () => {
    const nonce = createNonce(secret, 'contact', now);
    expect(verifyNonce(secret, nonce, 'contact', now + HALF_DAY_MS)).toBe(2);
  });

  it('rejects a nonce two ticks old', () => {
    const nonce = createNonce(secret, 'contact', now);
    expect(verifyNonce(secret, nonce, 'contact', now + 2 * HALF_DAY_MS)).toBe(false);
  });

  it('rejects a nonce from the future', () => {
    const nonce = createNonce(secret, 'contact', now + HALF_DAY_MS);
    expect(verifyNonce(secret, nonce, 'contact', now)).toBe(false);
  });

  it('rejects a nonce issued for another action', () => {
    expect(verifyNonce(secret, createNonce(secret, 'newsletter', now), 'contact', now)).toBe(false);
  });

  it('rejects a nonce signed with another secret', () => {
    const nonce = createNonce('another-secret-that-is-long-enough-999', 'contact', now);
    expect(verifyNonce(secret, nonce, 'contact', now)).toBe(false);
  });

  it('rejects tampered, truncated, padded and empty nonces', () => {
    const nonce = createNonce(secret, 'contact', now);
    const flipped = `${nonce.slice(0, -1)}${nonce.endsWith('A') ? 'B' : 'A'}`;
    expect(verifyNonce(secret, flipped, 'contact', now)).toBe(false);
    expect(verifyNonce(secret, nonce.slice(0, -1), 'contact', now)).toBe(false);
    expect(verifyNonce(secret, `${nonce}x`, 'contact', now)).toBe(false);
    expect(verifyNonce(secret, '', 'contact', now)).toBe(false);
    expect(verifyNonce(secret, 'é'.repeat(22), 'contact', now)).toBe(false);
  });

  it('differs between actions and ticks', () => {
    const nonces = new Set([
      createNonce(secret, 'contact', now),
      createNonce(secret, 'newsletter', now),
      createNonce(secret, 'contact', now + HALF_DAY_MS),
    ]);
    expect(nonces.size).toBe(3);
  });
});
