import { sql, type Kysely } from 'kysely';
import { addIdColumn } from './id-column.ts';

/*
 * The content editor's store (README.md, "Editing the site"): every published document is a
 * revision, kept for ever. The table's id is the one global revision sequence over all
 * documents: the site's live revision is the highest id, a document's live revision its own
 * highest id (0, none stored, is the repository's content/documents/). The author is kept as
 * id and name in text, so a revision still says who published it after that person is gone.
 * `content_settings` has one row: whether staff may edit (owners always may).
 * `content_previews` holds the drafts being previewed for 10 minutes: in the database, not in a
 * process, because the preview frame's request may reach another process of the cluster.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('content_revisions'))
    .addColumn('document', 'text', (col) => col.notNull())
    // The document as JSON text, valid by its struct when it was stored.
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('note', 'text', (col) => col.notNull())
    // The console person who published it (no reference: the row outlives the person), or null (the command line).
    .addColumn('author_id', 'integer')
    .addColumn('author_name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('content_revisions_document').on('content_revisions').columns(['document', 'id']).execute();

  await db.schema
    .createTable('content_settings')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    // 0/1 (server/db/types.ts): whether staff may publish and restore.
    .addColumn('staff_may_edit', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`insert into content_settings (id, staff_may_edit) values (1, 0)`.execute(db);

  await db.schema
    .createTable('content_previews')
    // Random, base64url: the preview page's address.
    .addColumn('id', 'text', (col) => col.primaryKey())
    // The console session that made it (console_sessions.id_hash): only it may see the preview.
    .addColumn('session_hash', 'text', (col) => col.notNull())
    .addColumn('document', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('content_previews_session').on('content_previews').columns(['session_hash', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('content_previews').execute();
  await db.schema.dropTable('content_settings').execute();
  await db.schema.dropTable('content_revisions').execute();
}
