import type { Kysely } from 'kysely';
import { sqliteFileIn } from '../db/create-database.ts';
import { arrivalsSettled } from '../db/arrivals-settled.ts';
import { dialectOf } from '../db/dialect.ts';
import type { Database } from '../db/types.ts';
import type { ClickHit, HitStore } from './hit-store.ts';
import { kyselyHitStore } from './kysely-hit-store.ts';
import { sqliteHitStore } from './sqlite-hit-store.ts';

/*
 * Click hits, committed in groups. A beacon is answered only once its hit is in the database
 * (so an acknowledged click survives a SIGKILL), but beacons arrive by the thousand: hits that
 * arrive while a transaction commits wait and go together in the next one. Links are found (or
 * made) once and their ids remembered, in a cache bounded in bytes. If a shared transaction
 * fails, its hits are tried again one by one, as the submission writer does
 * (submissions/submission-writer.ts), so one bad hit cannot fail the others. The queue is
 * bounded: when it is full a beacon is refused at once (the route answers 503) instead of
 * piling up memory.
 */

export interface HitWriter {
  /** Resolves once the hit is committed; rejects with HitQueueFullError when too many wait. */
  write(hit: ClickHit): Promise<void>;
  /** Refuses new hits and resolves once every queued one is committed (or failed). */
  close(): Promise<void>;
}

export class HitQueueFullError extends Error {
  override readonly name = 'HitQueueFullError';
  constructor() {
    super('too many click hits are waiting to be stored');
  }
}

export class HitWriterClosedError extends Error {
  override readonly name = 'HitWriterClosedError';
  constructor() {
    super('the click hit writer is closed: the server is shutting down');
  }
}

interface Waiting {
  hit: ClickHit;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export interface HitWriterOptions {
  /** Hits that may wait for a commit before new ones are refused. */
  maxQueue?: number;
  /** Hits per transaction at most. */
  maxBatch?: number;
}

/** Bytes of link keys and ids the writer remembers at most (keys are fixed-length hashes: about 12,000 links). */
export const LINK_CACHE_BYTES = 1024 * 1024;
/** What one remembered link costs: its key's UTF-16 characters and about 40 bytes of map entry and id. */
const cachedBytesOf = (key: string) => key.length * 2 + 40;
/** Turns of the event loop a commit waits for more hits while they keep coming. */
export const SETTLE_TURNS = 3;

/**
 * The database's SQLite file gets a connection of its own for hits (sqlite-hit-store.ts),
 * found on the first batch; PostgreSQL and SQLite in memory use the application's.
 */
export function hitStoreFor(db: Kysely<Database>): HitStore {
  if (dialectOf(db) === 'postgres') return kyselyHitStore(db);
  let chosen: Promise<HitStore> | null = null;
  const choose = () =>
    (chosen ??= sqliteFileIn(db).then(
      (file) => (file === null ? kyselyHitStore(db) : sqliteHitStore(file)),
      (error: unknown) => {
        // Asked again with the next batch: the database may be back by then.
        chosen = null;
        throw error;
      },
    ));
  return {
    store: async (hits, known) => (await choose()).store(hits, known),
    close: async () => {
      if (chosen !== null) await (await chosen).close();
    },
  };
}

export function createHitWriter(store: HitStore, options: HitWriterOptions = {}): HitWriter {
  const maxQueue = options.maxQueue ?? 50_000;
  const maxBatch = options.maxBatch ?? 5_000;
  const queue: Waiting[] = [];
  const linkIds = new Map<string, number>();
  let cachedBytes = 0;
  let drained: Promise<void> | null = null;
  let closed = false;

  async function commit(batch: readonly Waiting[]): Promise<void> {
    const ids = await store.store(batch.map((waiting) => waiting.hit), linkIds);
    // Remembered only once committed: a rolled-back link must be made again.
    for (const [key, id] of ids) {
      if (linkIds.has(key)) continue;
      if (cachedBytes + cachedBytesOf(key) > LINK_CACHE_BYTES) forget();
      linkIds.set(key, id);
      cachedBytes += cachedBytesOf(key);
    }
  }

  function forget(): void {
    linkIds.clear();
    cachedBytes = 0;
  }

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, maxBatch);
      try {
        await commit(batch);
        for (const waiting of batch) waiting.resolve();
      } catch {
        // A remembered link may have been purged since (click-counts.ts): each hit is tried
        // again on its own, its link looked up afresh.
        forget();
        for (const waiting of batch) {
          try {
            await commit([waiting]);
            waiting.resolve();
          } catch (single) {
            waiting.reject(single);
          }
        }
      }
    }
    drained = null;
  }

  return {
    write(hit) {
      if (closed) return Promise.reject(new HitWriterClosedError());
      if (queue.length >= maxQueue) return Promise.reject(new HitQueueFullError());
      return new Promise<void>((resolve, reject) => {
        queue.push({ hit, resolve, reject });
        // Not at once: those read in the same turns share the commit (measured: 14,300 →
        // 16,400 beacons/s).
        drained ??= arrivalsSettled(() => queue.length, SETTLE_TURNS).then(drain);
      });
    },
    async close() {
      closed = true;
      await drained;
      await store.close();
    },
  };
}
