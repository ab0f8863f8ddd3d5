import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

/** Expired rows are deleted now and then, not on every request. */
const SWEEP_EVERY = 500;

/**
 * A @fastify/rate-limit store that counts in the database, so every server on one PostgreSQL
 * database counts the same requests: a fixed window per bucket and client key, opened by its
 * first request. One upsert per request, atomic on both databases.
 */
export function databaseRateLimitStore(db: Kysely<Database>, bucket: string): FastifyRateLimitStoreCtor {
  let calls = 0;
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const now = Date.now();
      addToWindow(db, { bucket, key, amount: 1, windowMs: timeWindow, now })
        .then((row) => {
          calls += 1;
          if (calls % SWEEP_EVERY === 0) void sweepWindows(db, bucket, timeWindow, now);
          callback(null, { current: row.count, ttl: row.windowStart + timeWindow - now });
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    }

    // One bucket for every route of the plugin that registered it.
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/**
 * Adds `amount` to a bucket's count for `key` in its fixed window (opened now when there is
 * none or it has passed), in one atomic upsert; the count after it. Requests count 1 each;
 * the upload budget counts bytes (submissions/upload-budget.ts).
 */
export async function addToWindow(
  db: Kysely<Database>,
  { bucket, key, amount, windowMs, now }: { bucket: string; key: string; amount: number; windowMs: number; now: number },
): Promise<{ count: number; windowStart: number }> {
  const expired = sql<boolean>`rate_limits.window_start + ${windowMs} <= ${now}`;
  const row = await db
    .insertInto('rate_limits')
    .values({ bucket, key, window_start: now, count: amount, expires_at: now + windowMs })
    .onConflict((conflict) =>
      conflict.columns(['bucket', 'key']).doUpdateSet({
        count: sql<number>`case when ${expired} then ${amount} else rate_limits.count + ${amount} end`,
        window_start: sql<number>`case when ${expired} then ${now} else rate_limits.window_start end`,
        expires_at: sql<number>`case when ${expired} then ${now + windowMs} else rate_limits.expires_at end`,
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), windowStart: Number(row.window_start) };
}

/** Deletes a bucket's rows whose window has passed. */
export async function sweepWindows(db: Kysely<Database>, bucket: string, windowMs: number, now: number): Promise<void> {
  await db.deleteFrom('rate_limits').where('bucket', '=', bucket).where(sql<boolean>`window_start + ${windowMs} <= ${now}`).execute().catch(() => undefined);
}

/** Deletes every bucket's rows whose window has ended (the jobs process, on its timer); how many. */
export async function sweepExpiredWindows(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
