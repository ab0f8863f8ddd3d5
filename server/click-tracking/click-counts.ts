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

/**
 * Deletes hits older than `retainDays`, then the links left with no hit in that window (README.md,
 * "Abuse paths and the limits that stop them"); answers how many of each. A link is made in the
 * transaction of its first hit, so none is deleted before it has been clicked.
 */
export async function purgeOldHits(db: Kysely<Database>, now: number, retainDays: number): Promise<{ hits: number; links: number }> {
  const cutoff = new Date(now - retainDays * 24 * 3_600_000).toISOString();
  const hits = await db.deleteFrom('click_hits').where('clicked_at', '<', cutoff).executeTakeFirst();
  const links = await db
    .deleteFrom('click_links')
    .where('created_at', '<', cutoff)
    .where(({ exists, not, selectFrom }) => not(exists(selectFrom('click_hits').select('click_hits.id').whereRef('click_hits.link_id', '=', 'click_links.id'))))
    .executeTakeFirst();
  return { hits: Number(hits.numDeletedRows), links: Number(links.numDeletedRows) };
}
