import { describe, expect, it } from 'vitest';
import { createEncodeQueue } from '../../../server/media-library/encode-queue.ts';

// One upload encoded at a time per process (server/media-library/encode-queue.ts; issue 40,
// part 3): the tasks run one after another in their order, a failing one lets the next run,
// and past the waiting room a task is refused without running.

function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('the encode queue', () => {
  it('runs one task at a time, in order; one more than those waiting is "full" and never runs', async () => {
    const queue = createEncodeQueue(2);
    const log: string[] = [];
    const gates = [gate(), gate(), gate()];
    const task = (index: number) => async () => {
      log.push(`start ${index}`);
      await gates[index]!.opened;
      log.push(`end ${index}`);
      return index;
    };
    const runs = [0, 1, 2].map((index) => queue.run(task(index)));
    expect(queue.size).toBe(3);
    let ranFourth = false;
    expect(await queue.run(async () => (ranFourth = true))).toBe('full');
    expect(ranFourth).toBe(false);
    await Promise.resolve();
    expect(log).toEqual(['start 0']);
    gates[1]!.open();
    gates[0]!.open();
    gates[2]!.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(log).toEqual(['start 0', 'end 0', 'start 1', 'end 1', 'start 2', 'end 2']);
    expect(queue.size).toBe(0);
  });

  it('passes a task\'s failure to its caller and runs the next', async () => {
    const queue = createEncodeQueue(1);
    const failing = queue.run(() => Promise.reject(new Error('not a picture')));
    const next = queue.run(async () => 'encoded');
    await expect(failing).rejects.toThrow('not a picture');
    expect(await next).toBe('encoded');
    expect(queue.size).toBe(0);
  });
});
