/*
 * When to try a failed mail again: exponential backoff (base × 2^(attempt−1), capped at an
 * hour) with "equal jitter" (half fixed, half random), so many messages that failed together
 * during an SMTP outage do not all retry in the same second once it is back. Mail is retried
 * for as long as it is younger than `maxAgeMs` (a week by default: a weekend's SMTP outage must
 * not lose Friday's enquiries), then held as failed, listed by `npm run outbox` and put back in
 * the queue by `npm run outbox -- --retry`.
 */

export interface RetryPolicy {
  /** Delay after the first failed attempt. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A message older than this that fails again is held as failed (MAIL_MAX_AGE). */
  maxAgeMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  baseDelayMs: 30_000,
  // 30 s, 1, 2, 4 … minutes, then hourly.
  maxDelayMs: 60 * 60_000,
  maxAgeMs: 7 * 24 * 60 * 60_000,
};

export function retryDelayMs(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const exponent = Math.max(0, attempt - 1);
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(exponent, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
