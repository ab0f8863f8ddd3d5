import type { Kysely } from 'kysely';
import { addIdColumn } from './id-column.ts';

/*
 * Scheduled publishing (README.md, "Editing the site"): a document's draft, or a new project,
 * stored with the time it is to go live. The jobs process publishes each once its time has come
 * (server/content-editor/content-schedules.ts): its state moves from `waiting` to `published`
 * (with the revision) or `failed` (with why) in the transaction that publishes it, under the
 * publish lock, so exactly one process of one server does. `cancelled` keeps who cancelled it.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('content_schedules'))
    // 'document' (a draft of `document`) or 'project' (a new project's card and page).
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('document', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    // The live revision the draft started from (a document), null for a project.
    .addColumn('base_revision', 'integer')
    .addColumn('note', 'text', (col) => col.notNull())
    .addColumn('author_id', 'integer')
    .addColumn('author_name', 'text', (col) => col.notNull())
    .addColumn('publish_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('revision', 'integer')
    .addColumn('problem', 'text')
    .addColumn('done_at', 'text')
    .addColumn('done_by', 'text')
    .execute();
  await db.schema.createIndex('content_schedules_due').on('content_schedules').columns(['state', 'publish_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('content_schedules').execute();
}
