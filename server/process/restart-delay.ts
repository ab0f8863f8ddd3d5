/*
 * When to replace a server process that died. The first death is replaced at once: a crash
 * is a bug, and the site should lose no capacity over it. Deaths that follow each other
 * within a minute (a process that crashes on every start, a database that refuses every
 * connection) wait 1, 2, 4 … up to 30 seconds, so a crash loop does not spin the CPU or flood
 * the log; a minute without a death starts the count again.
 */

export const CRASH_WINDOW_MS = 60_000;
export const MAX_RESTART_DELAY_MS = 30_000;

/** The delay before the next start, given the times (ms) of recent deaths, this one included. */
export function restartDelayMs(deaths: readonly number[], now: number): number {
  const recent = recentDeaths(deaths, now).length;
  if (recent <= 1) return 0;
  return Math.min(MAX_RESTART_DELAY_MS, 1000 * 2 ** (recent - 2));
}

/** The deaths worth remembering: those still inside the window. */
export function recentDeaths(deaths: readonly number[], now: number): number[] {
  return deaths.filter((at) => now - at < CRASH_WINDOW_MS);
}
