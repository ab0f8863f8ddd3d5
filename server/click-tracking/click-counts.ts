import type { Kysely } from 'kysely';
import type { LinkCountAnswer } from '../../src/validation/click-tracking/index.ts';
import type { Database } from '../db/types.ts';

/** A page's link clicks, as the plugin's getpagelinkclicks answers them (the shared answer's shape): per target and anchor. */
export interface LinkClicks extends LinkCountAnswer {
  clicks: number;
}

export async function pageLinkClicks(db: Kysely<Database>, postId: number, location: string): Promise<LinkClicks[]> {
  const rows = await db
    .selectFrom('click_hits as hit')
    .innerJoin('click_links as link', 'link.id', 'hit.link_id')
    .select(['link.target as target', 'link.anchor as anchor', db.fn.countAll<number | string>().as('clicks')])
    .where('link.post_id', '=', postId)
    .where('link.page_url', '=', postId === 0 ? location : '')
    .groupBy(['link.target', 'link.anchor'])
    .orderBy('link.target')
    .orderBy('link.anchor')
    .execute();
  return rows.map((row) => ({ target: row.target, anchor: row.anchor, clicks: Number(row.clicks) }));
}

/** Deletes hits older than `retainDays`; answers how many. */
export async function purgeOldHits(db: Kysely<Database>, now: number, retainDays: number): Promise<number> {
  const cutoff = new Date(now - retainDays * 24 * 3_600_000).toISOString();
  const result = await db.deleteFrom('click_hits').where('clicked_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
