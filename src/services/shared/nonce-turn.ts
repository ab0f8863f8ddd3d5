// Nonce fetches of one page, one after another. The first sets the visitor's nonce cookie, and
// every nonce is valid only with the cookie it was made for (README.md, "Abuse paths and the
// limits that stop them"): two first fetches at once would each be given a cookie, and the
// nonce of the one whose cookie the browser replaced would be refused.
let last: Promise<unknown> = Promise.resolve();

/** Runs `fetchNonce` once every nonce fetch started before it has ended. */
export function inNonceTurn<T>(fetchNonce: () => Promise<T>): Promise<T> {
  const turn = last.then(fetchNonce);
  last = turn.catch(() => undefined);
  return turn;
}
