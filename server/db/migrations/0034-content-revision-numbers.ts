import { sql, type Kysely } from 'kysely';

/*
 * A revision's number within its document (README.md, "Editing the site"): the console says
 * "revision 3 of the hero", not the global id (which counts every document's publishes). Written
 * with each row by the content store (server/content-editor/content-store.ts, storeRevision:
 * the document's highest number plus one, under the publish lock), so it stays when the oldest
 * revisions are pruned. Existing rows are numbered in the order they were published; where a
 * document's oldest were already pruned, its numbering starts again from the oldest kept.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table content_revisions add column number integer not null default 0`.execute(db);
  await sql`update content_revisions set number = (select count(*) from content_revisions older where older.document = content_revisions.document and older.id <= content_revisions.id)`.execute(db);
  await sql`create unique index content_revisions_document_number on content_revisions (document, number)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index content_revisions_document_number`.execute(db);
  await sql`alter table content_revisions drop column number`.execute(db);
}
