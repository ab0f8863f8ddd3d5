// The clock actor: a tick at once, then one on every boundary of the interval (whole seconds),
// whatever the phase it started in; nothing after it is stopped; a bad interval is refused.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, type EventObject } from 'xstate';
import { clock } from '../../../src/services/theme/clock.actor.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** Runs the clock under a parent that records what it sends back. */
function runClock(intervalMs: number) {
  const received: EventObject[] = [];
  const parent = createMachine({
    invoke: { src: clock, input: { intervalMs } },
    on: { '*': { actions: ({ event }) => received.push(event) } },
  });
  const actor = createActor(parent);
  actor.start();
  return { actor, received };
}

describe('clock', () => {
  it('ticks at once and then on each whole second', () => {
    vi.useFakeTimers({ now: Date.parse('2026-12-01T10:00:00.300Z') });
    const { actor, received } = runClock(1000);
    expect(received).toEqual([{ type: 'clock.tick', now: Date.parse('2026-12-01T10:00:00.300Z') }]);
    vi.advanceTimersByTime(699);
    expect(received).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(received.at(-1)).toEqual({ type: 'clock.tick', now: Date.parse('2026-12-01T10:00:01.000Z') });
    vi.advanceTimersByTime(2000);
    expect(received.map((event) => (event as unknown as { now: number }).now)).toEqual([
      Date.parse('2026-12-01T10:00:00.300Z'),
      Date.parse('2026-12-01T10:00:01.000Z'),
      Date.parse('2026-12-01T10:00:02.000Z'),
      Date.parse('2026-12-01T10:00:03.000Z'),
    ]);
    actor.stop();
    vi.advanceTimersByTime(5000);
    expect(received).toHaveLength(4);
  });

  it('stays on the second boundaries when a timer fires late', () => {
    vi.useFakeTimers({ now: Date.parse('2026-12-01T10:00:00.000Z') });
    const { actor, received } = runClock(1000);
    // A busy main thread: the clock jumps 1.25 s before the timer runs.
    vi.setSystemTime(Date.parse('2026-12-01T10:00:01.250Z'));
    vi.advanceTimersByTime(1000);
    expect((received.at(-1) as unknown as { now: number }).now).toBe(Date.parse('2026-12-01T10:00:02.250Z'));
    vi.advanceTimersByTime(750);
    expect((received.at(-1) as unknown as { now: number }).now).toBe(Date.parse('2026-12-01T10:00:03.000Z'));
    actor.stop();
  });

  it.each([0, -1000, Number.NaN])('refuses an interval of %s ms', (intervalMs) => {
    const errors: unknown[] = [];
    const parent = createMachine({ invoke: { src: clock, input: { intervalMs } } });
    const actor = createActor(parent);
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    expect(String(errors[0])).toContain(`clock: intervalMs must be a positive number of milliseconds (got ${String(intervalMs)})`);
  });
});
