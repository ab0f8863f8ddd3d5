import { createNonce, verifyNonce } from './nonce.ts';

/** Nonces bound to the app's secret and clock; available as `app.nonces`. */
export interface NonceService {
  create(action: string): string;
  /** 1 = current tick, 2 = previous tick, false = invalid (see verifyNonce). */
  verify(nonce: string, action: string): 1 | 2 | false;
}

export function createNonceService(secret: string, now: () => number): NonceService {
  return {
    create: (action) => createNonce(secret, action, now()),
    verify: (nonce, action) => verifyNonce(secret, nonce, action, now()),
  };
}
