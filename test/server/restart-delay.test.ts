import { describe, expect, it } from 'vitest';
import { CRASH_WINDOW_MS, MAX_RESTART_DELAY_MS, recentDeaths, restartDelayMs } from '../../server/process/restart-delay.ts';

describe('when a dead server process is replaced', () => {
  const now = 1_000_000;
  it.each([
    [[now], 0],
    [[now - 2 * CRASH_WINDOW_MS, now - CRASH_WINDOW_MS, now], 0],
    [[now - 1_000, now], 1_000],
    [[now - 2_000, now - 1_000, now], 2_000],
    [[now - 3_000, now - 2_000, now - 1_000, now], 4_000],
    [Array.from({ length: 12 }, (_, index) => now - index * 1_000), MAX_RESTART_DELAY_MS],
  ])('after deaths at %j: in %i ms', (deaths, delay) => {
    expect(restartDelayMs(deaths, now)).toBe(delay);
  });

  it('forgets deaths older than the window', () => {
    expect(recentDeaths([now - CRASH_WINDOW_MS - 1, now - CRASH_WINDOW_MS, now - 1, now], now)).toEqual([now - 1, now]);
  });
});
