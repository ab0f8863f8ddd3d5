// The wait before a group commit: past this turn's poll phase, and on while writes keep coming,
// for a bounded number of turns.
import { describe, expect, it } from 'vitest';
import { arrivalsSettled } from '../../server/db/arrivals-settled.ts';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Turns of the event loop until `arrivalsSettled` resolves, while `arrive(turn)` queues writes. */
async function turnsUntilSettled(maxTurns: number, arrive: (turn: number) => number): Promise<number> {
  let queued = 1;
  let settled = false;
  const waiting = arrivalsSettled(() => queued, maxTurns).then(() => (settled = true));
  let turns = 0;
  while (!settled) {
    await nextTurn();
    turns += 1;
    queued += arrive(turns);
  }
  await waiting;
  return turns;
}

describe('arrivalsSettled', () => {
  it('waits for the next turn at least, and one more to see that nothing came', async () => {
    expect(await turnsUntilSettled(3, () => 0)).toBe(2);
  });

  it('waits on while the queue grows from one turn to the next', async () => {
    // A write on each of the first two turns: two turns of growth, then one quiet turn.
    expect(await turnsUntilSettled(5, (turn) => (turn <= 2 ? 1 : 0))).toBe(4);
  });

  it('stops after maxTurns turns even when writes keep coming', async () => {
    expect(await turnsUntilSettled(3, () => 1)).toBe(4);
  });
});
