import type { Kysely } from 'kysely';
import { linkHashOf } from '../../click-tracking/hit-store.ts';

/*
 * A click link is found by a SHA-256 of its page, target and anchor (`link_hash`, unique)
 * instead of a unique index over the text: an index row of a few thousand bytes is refused by
 * PostgreSQL and made the index as large as the links (README.md, "Abuse paths and the limits
 * that stop them").
 */

interface Row {
  id: number;
  post_id: number;
  page_url: string;
  target: string;
  anchor: string;
}

/** The table as this migration leaves it: the migrator hands `up` a database of any shape. */
type ClickLinksHere = Kysely<{ click_links: Row & { link_hash: string } }>;

export async function up(db: ClickLinksHere): Promise<void> {
  await db.schema.alterTable('click_links').addColumn('link_hash', 'text', (col) => col.notNull().defaultTo('')).execute();
  const rows = await db.selectFrom('click_links').select(['id', 'post_id', 'page_url', 'target', 'anchor']).execute();
  for (const row of rows) {
    await db.updateTable('click_links').set({ link_hash: linkHashOf(row.post_id, row.page_url, row.target, row.anchor) }).where('id', '=', row.id).execute();
  }
  await db.schema.dropIndex('click_links_key').execute();
  await db.schema.createIndex('click_links_hash').unique().on('click_links').column('link_hash').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('click_links_hash').execute();
  await db.schema.createIndex('click_links_key').unique().on('click_links').columns(['post_id', 'page_url', 'target', 'anchor']).execute();
  await db.schema.alterTable('click_links').dropColumn('link_hash').execute();
}
