import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';
import { addIdColumn } from './id-column.ts';

/*
 * Track The Click's data, as the plugin kept it: a link is a page's link to a target with its
 * anchor text (keyed by the page's id, or for pages without one, id 0, by the page's URL), and a
 * hit is one click on it at a time. Counts are hits per link.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('click_links'))
    .addColumn('post_id', 'integer', (col) => col.notNull())
    // The page's URL when post_id is 0; '' otherwise (the id names the page).
    .addColumn('page_url', 'text', (col) => col.notNull())
    .addColumn('target', 'text', (col) => col.notNull())
    .addColumn('anchor', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('click_links_key').unique().on('click_links').columns(['post_id', 'page_url', 'target', 'anchor']).execute();
  // Many rows, written fast: a 64-bit id on PostgreSQL; SQLite's plain rowid (AUTOINCREMENT
  // would add a write to its sequence table per insert, and hit ids are never reused anyway).
  const hits = db.schema.createTable('click_hits');
  await (dialectOf(db) === 'postgres'
    ? hits.addColumn('id', 'bigserial', (col: ColumnDefinitionBuilder) => col.primaryKey())
    : hits.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) => col.primaryKey()))
    .addColumn('link_id', 'integer', (col) => col.notNull().references('click_links.id').onDelete('cascade'))
    .addColumn('clicked_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('click_hits_link').on('click_hits').column('link_id').execute();
  await db.schema.createIndex('click_hits_clicked_at').on('click_hits').column('clicked_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('click_hits').execute();
  await db.schema.dropTable('click_links').execute();
}
