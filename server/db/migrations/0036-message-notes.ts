import type { Kysely } from 'kysely';
import { addIdColumn } from './id-column.ts';

/*
 * Internal notes on a message (README.md, "The inbox"): who wrote each and when, kept with the
 * message, in its CSV export and deleted with it (server/submissions/delete-submissions.ts: the
 * owner's delete, an erasure, the retention job). The author is the console person's address,
 * kept as written should the person later go.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('message_notes'))
    .addColumn('submission_id', 'integer', (col) => col.notNull().references('submissions.id').onDelete('cascade'))
    .addColumn('author', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('message_notes_submission_id').on('message_notes').columns(['submission_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('message_notes').execute();
}
