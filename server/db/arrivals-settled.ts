/*
 * For group commit with a synchronous driver (better-sqlite3): a commit started at once would
 * hold only the write that started it, since nothing else runs until it ends. Requests arrive
 * spread over a few turns of the event loop; after the poll phase every request read in it has
 * queued its write, and while the queue still grows from one turn to the next one more turn
 * is worth waiting (at most `maxTurns`): a few microseconds more for those requests, one commit
 * for all of them instead of several small ones.
 */

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Resolves after this turn's poll phase, and after up to `maxTurns` more while `queued()` grows. */
export async function arrivalsSettled(queued: () => number, maxTurns: number): Promise<void> {
  await nextTurn();
  let seen = queued();
  for (let turn = 0; turn < maxTurns; turn += 1) {
    await nextTurn();
    if (queued() === seen) return;
    seen = queued();
  }
}
