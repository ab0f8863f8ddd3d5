import { createNonce, verifyNonce } from './nonce.ts';

/**
 * Nonces bound to the app's secret and clock, and to one visitor: each is made for an action
 * and the visitor's nonce cookie (nonce-cookie.ts), so it verifies only when the same cookie
 * comes back with it (a double-submit pair). Available as `app.nonces`.
 */
export interface NonceService {
  create(action: string, binding: string): string;
  /** 1 = current tick, 2 = previous tick, false = invalid or without its cookie (see verifyNonce). */
  verify(nonce: string, action: string, binding: string | undefined): 1 | 2 | false;
}

// Actions never hold `|` (NONCE_ACTION_PATTERN), so action and binding cannot run together.
const boundAction = (action: string, binding: string) => `${action}|${binding}`;

export function createNonceService(secret: string, now: () => number): NonceService {
  return {
    create: (action, binding) => createNonce(secret, boundAction(action, binding), now()),
    verify: (nonce, action, binding) => (binding === undefined ? false : verifyNonce(secret, nonce, boundAction(action, binding), now())),
  };
}
