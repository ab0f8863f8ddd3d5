/*
 * Waiting for another SQLite connection's write lock without stopping the event loop. SQLite's
 * own busy handler sleeps the calling thread (1, 2, 5, 10 … ms): in Node that stops every
 * request of the process. Connections here are opened with `busy_timeout = 0`, and a statement
 * refused with SQLITE_BUSY before it changed anything is tried again on the next turn of the
 * event loop (the process keeps reading requests meanwhile), then after pauses of 1, 2, 4 …
 * 16 ms, until the wait is over; then its SQLITE_BUSY stands.
 */

/** How long a statement waits for another connection's write lock by default. */
export const BUSY_WAIT_MS = 5000;
/** Retries on the next event-loop turn for this long, then pauses. */
const SPIN_MS = 1;
const MAX_PAUSE_MS = 16;

export const isBusy = (error: unknown): boolean =>
  error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('SQLITE_BUSY');

const pause = (ms: number) => new Promise<void>((resolve) => (ms === 0 ? setImmediate(resolve) : setTimeout(resolve, ms)));

/**
 * Runs `attempt` until it does not fail with SQLITE_BUSY, for up to `busyWaitMs`. Only for an
 * attempt that changes nothing when refused (a BEGIN IMMEDIATE, a statement outside a
 * transaction); `retryable` says whether that still holds when the refusal comes.
 */
export async function waitWhileBusy<T>(attempt: () => Promise<T> | T, busyWaitMs = BUSY_WAIT_MS, retryable: () => boolean = () => true): Promise<T> {
  const started = performance.now();
  let pauseMs = 0;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      const waited = performance.now() - started;
      if (!isBusy(error) || !retryable() || waited >= busyWaitMs) throw error;
      if (waited >= SPIN_MS) pauseMs = Math.min(Math.max(1, pauseMs * 2), MAX_PAUSE_MS);
      await pause(pauseMs);
    }
  }
}
