/*
 * One upload encoded at a time in each server process (README.md, "Pictures in the console"):
 * decoding a picture of up to 100 megapixels and encoding its nine variants holds hundreds of
 * megabytes, so uploads arriving together wait their turn rather than multiply that. A few may
 * wait; one more is refused (`full`) rather than held past the proxy's timeout.
 */

export interface EncodeQueue {
  /** Runs `task` after the tasks before it; 'full' (not run) while `maxWaiting` already wait. */
  run<T>(task: () => Promise<T>): Promise<T | 'full'>;
  /** Tasks running or waiting. */
  readonly size: number;
}

export function createEncodeQueue(maxWaiting: number): EncodeQueue {
  let tail: Promise<unknown> = Promise.resolve();
  let size = 0;
  return {
    get size() {
      return size;
    },
    async run<T>(task: () => Promise<T>): Promise<T | 'full'> {
      // One runs; up to maxWaiting behind it.
      if (size > maxWaiting) return 'full';
      size += 1;
      const turn = tail;
      const done = turn.then(task);
      // The next one waits for this one, however it ends.
      tail = done.catch(() => undefined);
      try {
        return await done;
      } finally {
        size -= 1;
      }
    },
  };
}

/**
 * This process's queue of uploads. Three may wait behind the one encoding: a 4000 × 3000 photo
 * takes 5 to 7 s here, so the last waits about 25 s, within nginx's 35 s proxy_read_timeout
 * (deploy/nginx/visual-displays-proxy.conf).
 */
export const uploadEncodes = createEncodeQueue(3);
