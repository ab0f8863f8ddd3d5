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
      const expired = sql<boolean>`rate_limits.window_start + ${timeWindow} <= ${now}`;
      db.insertInto('rate_limits')
        .values({ bucket, key, window_start: now, count: 1 })
        .onConflict((conflict) =>
          conflict.columns(['bucket', 'key']).doUpdateSet({
            count: sql<number>`case when ${expired} then 1 else rate_limits.count + 1 end`,
            window_start: sql<number>`case when ${expired} then ${now} else rate_limits.window_start end`,
          }),
        )
        .returning(['count', 'window_start'])
        .executeTakeFirstOrThrow()
        .then((row) => {
          calls += 1;
          if (calls % SWEEP_EVERY === 0) {
            void db.deleteFrom('rate_limits').where('bucket', '=', bucket).where(sql<boolean>`window_start + ${timeWindow} <= ${now}`).execute().catch(() => undefined);
          }
          callback(null, { current: Number(row.count), ttl: Number(row.window_start) + timeWindow - now });
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    }

    // One bucket for every route of the plugin that registered it.
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
