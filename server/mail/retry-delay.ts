/*
 * When to try a failed mail again: exponential backoff (base × 2^(attempt−1), capped) with
 * "equal jitter" (half fixed, half random), so many messages that failed together during an
 * SMTP outage do not all retry in the same second once it is back.
 */

export interface RetryPolicy {
  /** Delay after the first failed attempt. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Attempts before the worker gives up and marks the message failed. */
  maxAttempts: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  // About a day of retries: 30 s, 1, 2, 4 … minutes, then hourly.
  maxAttempts: 30,
};

export function retryDelayMs(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const exponent = Math.max(0, attempt - 1);
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(exponent, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
