// The animation-frames actor over a fake frame clock: a tick per frame with the elapsed time,
// exactly the duration on the last one, nothing after it, and one final tick without frames.
import { describe, expect, it } from 'vitest';
import { createActor, createMachine, type EventObject } from 'xstate';
import { createAnimationFrames, type FrameClock } from '../../../src/services/theme/animation-frames.actor.ts';

function fakeClock() {
  let now = 1000;
  let next = 1;
  const pending = new Map<number, (time: number) => void>();
  const clock: FrameClock = {
    now: () => now,
    requestAnimationFrame: (callback) => {
      const handle = next++;
      pending.set(handle, callback);
      return handle;
    },
    cancelAnimationFrame: (handle) => pending.delete(handle),
  };
  const frame = (ms: number) => {
    now += ms;
    const callbacks = [...pending.values()];
    pending.clear();
    for (const callback of callbacks) callback(now);
  };
  return { clock, frame, pending };
}

function record(clock: FrameClock, duration: number) {
  const ticks: number[] = [];
  const parent = createMachine({
    initial: 'running',
    states: {
      running: { invoke: { src: createAnimationFrames(() => clock), input: { duration } }, on: { stop: 'stopped' } },
      stopped: {},
    },
    on: { 'frame.tick': { actions: ({ event }: { event: EventObject & { elapsed?: number } }) => ticks.push(event.elapsed ?? -1) } },
  });
  return { ticks, actor: createActor(parent).start() };
}

describe('animationFrames', () => {
  it('ticks every frame with the elapsed time and ends exactly on the duration', () => {
    const { clock, frame, pending } = fakeClock();
    const { ticks } = record(clock, 100);
    expect(ticks).toEqual([]);
    frame(16);
    frame(40);
    frame(60); // past the end: clamped
    expect(ticks).toEqual([16, 56, 100]);
    expect(pending.size, 'no frame requested after the last tick').toBe(0);
  });

  it('cancels its frame when the invoking state ends', () => {
    const { clock, frame, pending } = fakeClock();
    const { ticks, actor } = record(clock, 100);
    frame(10);
    actor.send({ type: 'stop' });
    expect(pending.size).toBe(0);
    frame(10);
    expect(ticks).toEqual([10]);
  });

  it('sends only the final tick without requestAnimationFrame or with no duration', () => {
    expect(record({ now: () => 0 }, 2000).ticks).toEqual([2000]);
    expect(record(fakeClock().clock, 0).ticks).toEqual([0]);
  });
});
