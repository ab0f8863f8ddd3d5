import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types.ts';
import { linkKeyOf, pageKeyOf, type ClickHit, type HitStore } from './hit-store.ts';

/** Rows per INSERT: below SQLite's bound-parameter limit with two parameters a row. */
const ROWS_PER_INSERT = 1000;

async function linkIdsFor(trx: Transaction<Database>, hits: readonly ClickHit[], known: ReadonlyMap<string, number>): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const hit of hits) {
    const key = linkKeyOf(hit);
    if (ids.has(key)) continue;
    const id = known.get(key);
    if (id !== undefined) {
      ids.set(key, id);
      continue;
    }
    await trx
      .insertInto('click_links')
      .values({ post_id: hit.postId, page_url: pageKeyOf(hit), target: hit.target, anchor: hit.anchor, link_hash: key, created_at: hit.clickedAt })
      .onConflict((conflict) => conflict.column('link_hash').doNothing())
      .execute();
    const row = await trx.selectFrom('click_links').select('id').where('link_hash', '=', key).executeTakeFirstOrThrow();
    ids.set(key, row.id);
  }
  return ids;
}

/**
 * Hits through the application's own Kysely connection: on PostgreSQL, and on SQLite when it
 * has no file of its own (`sqlite::memory:`). Each batch is one multi-row insert.
 */
export function kyselyHitStore(db: Kysely<Database>): HitStore {
  return {
    store: (hits, known) =>
      db.transaction().execute(async (trx) => {
        const ids = await linkIdsFor(trx, hits, known);
        const rows = hits.map((hit) => ({ link_id: ids.get(linkKeyOf(hit)) ?? 0, clicked_at: hit.clickedAt }));
        for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
          await trx.insertInto('click_hits').values(rows.slice(start, start + ROWS_PER_INSERT)).execute();
        }
        return ids;
      }),
    close: async () => undefined,
  };
}
