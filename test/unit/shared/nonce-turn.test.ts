import { describe, expect, it } from 'vitest';
import { inNonceTurn } from '../../../src/services/shared/nonce-turn.ts';

/*
 * A page's nonce fetches run one after another, so the first one's cookie is sent with the
 * rest and every nonce pairs with the same cookie (README.md, "Abuse paths and the limits that
 * stop them").
 */

describe('inNonceTurn', () => {
  it('starts a fetch only once the one before it has ended, failed ones included', async () => {
    const log: string[] = [];
    const fetchOf = (name: string, fail = false) => async () => {
      log.push(`${name} starts`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      log.push(`${name} ends`);
      if (fail) throw new Error(name);
      return name;
    };
    const results = await Promise.allSettled([inNonceTurn(fetchOf('subscribe', true)), inNonceTurn(fetchOf('prefix')), inNonceTurn(fetchOf('wp_rest'))]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(log).toEqual(['subscribe starts', 'subscribe ends', 'prefix starts', 'prefix ends', 'wp_rest starts', 'wp_rest ends']);
  });
});
