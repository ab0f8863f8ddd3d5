import { sql, type Kysely, type Transaction } from 'kysely';
import { dialectOf } from '../db/dialect.ts';
import type { Database } from '../db/types.ts';

/*
 * Click hits, committed in groups. A beacon is answered only once its hit is in the database
 * (so an acknowledged click survives a SIGKILL), but beacons arrive by the thousand: hits that
 * arrive while a transaction commits wait and go together in the next one, as one multi-row
 * insert. Links are found (or made) once and their ids remembered. The queue is bounded: when
 * it is full a beacon is refused at once (the route answers 503) instead of piling up memory.
 */

export interface ClickHit {
  /** The page's id from content; 0 for a page without one. */
  postId: number;
  /** The page's URL (kept on the link only when postId is 0). */
  location: string;
  target: string;
  anchor: string;
  clickedAt: string;
}

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

/** Rows per INSERT: below SQLite's bound-parameter limit with two parameters a row. */
const ROWS_PER_INSERT = 1000;
const LINK_CACHE_SIZE = 20_000;

const pageKeyOf = (hit: ClickHit) => (hit.postId === 0 ? hit.location : '');
const linkKeyOf = (hit: ClickHit) => JSON.stringify([hit.postId, pageKeyOf(hit), hit.target, hit.anchor]);

export function createHitWriter(db: Kysely<Database>, options: HitWriterOptions = {}): HitWriter {
  const maxQueue = options.maxQueue ?? 50_000;
  const maxBatch = options.maxBatch ?? 5_000;
  const queue: Waiting[] = [];
  const linkIds = new Map<string, number>();
  let drained: Promise<void> | null = null;
  let closed = false;

  async function linkIdsFor(trx: Transaction<Database>, hits: readonly ClickHit[]): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    for (const hit of hits) {
      const key = linkKeyOf(hit);
      if (ids.has(key)) continue;
      const known = linkIds.get(key);
      if (known !== undefined) {
        ids.set(key, known);
        continue;
      }
      const page = pageKeyOf(hit);
      await trx
        .insertInto('click_links')
        .values({ post_id: hit.postId, page_url: page, target: hit.target, anchor: hit.anchor, created_at: hit.clickedAt })
        .onConflict((conflict) => conflict.columns(['post_id', 'page_url', 'target', 'anchor']).doNothing())
        .execute();
      const row = await trx
        .selectFrom('click_links')
        .select('id')
        .where('post_id', '=', hit.postId)
        .where('page_url', '=', page)
        .where('target', '=', hit.target)
        .where('anchor', '=', hit.anchor)
        .executeTakeFirstOrThrow();
      ids.set(key, row.id);
    }
    return ids;
  }

  const store = (trx: Transaction<Database>, hits: readonly ClickHit[]) =>
    linkIdsFor(trx, hits).then(async (found) => {
      const rows = hits.map((hit) => ({ link_id: found.get(linkKeyOf(hit)) ?? 0, clicked_at: hit.clickedAt }));
      for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
        await trx.insertInto('click_hits').values(rows.slice(start, start + ROWS_PER_INSERT)).execute();
      }
      return found;
    });

  /*
   * On SQLite (WAL) the hits' own commits are written to the log without waiting for the disk
   * (synchronous NORMAL, for this transaction only; everything else keeps FULL): a committed
   * hit is in the log file, which survives the server process being killed, and reaches the
   * disk with the next synced commit or checkpoint. Only a power cut or a kernel crash in that
   * moment could take the last clicks with it; submissions are never written this way.
   * The connection is held throughout, so no other query runs under the relaxed setting.
   */
  const inTransaction = <T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> =>
    dialectOf(db) === 'postgres'
      ? db.transaction().execute(work)
      : db.connection().execute(async (connection) => {
          await sql`pragma synchronous = normal`.execute(connection);
          try {
            return await connection.transaction().execute(work);
          } finally {
            await sql`pragma synchronous = full`.execute(connection);
          }
        });

  async function commit(batch: readonly Waiting[]): Promise<void> {
    const hits = batch.map((waiting) => waiting.hit);
    const ids = await inTransaction((trx) => store(trx, hits));
    // Remembered only once committed: a rolled-back link must be made again.
    if (linkIds.size + ids.size > LINK_CACHE_SIZE) linkIds.clear();
    for (const [key, id] of ids) linkIds.set(key, id);
  }

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, maxBatch);
      try {
        await commit(batch);
        for (const waiting of batch) waiting.resolve();
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
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
        // Not at once: better-sqlite3 commits synchronously inside microtasks, so a drain
        // started here would commit this one hit before the server reads the next request.
        // After the poll phase every beacon read in it has joined the queue: one commit for all.
        drained ??= new Promise((started) => setImmediate(() => started(drain())));
      });
    },
    async close() {
      closed = true;
      await drained;
    },
  };
}
