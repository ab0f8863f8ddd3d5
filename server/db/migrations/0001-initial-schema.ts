import { sql, type Kysely } from 'kysely';
import { addIdColumn } from './id-column.ts';

/*
 * The first schema: settings (server-generated secrets), and the submissions and outbox
 * tables the contact form stores into. Column types are ones both SQLite and PostgreSQL
 * accept with the same meaning; see ../types.ts for the conventions.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await addIdColumn(db, db.schema.createTable('submissions'))
    .addColumn('form_id', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('posted_data', 'text', (col) => col.notNull())
    .addColumn('posted_data_hash', 'text', (col) => col.notNull())
    .addColumn('remote_ip_hash', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('spam', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('spam_reason', 'text')
    .execute();

  await db.schema
    .createIndex('submissions_form_id_created_at')
    .on('submissions')
    .columns(['form_id', 'created_at'])
    .execute();

  await addIdColumn(db, db.schema.createTable('outbox'))
    // Mail outlives the submission it came from: deleting a submission keeps its mail.
    .addColumn('submission_id', 'integer', (col) => col.references('submissions.id').onDelete('set null'))
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('reply_to', 'text')
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('headers', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('last_error', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  // The delivery worker's query: undelivered messages that are due, oldest first.
  await db.schema
    .createIndex('outbox_pending')
    .on('outbox')
    .column('next_attempt_at')
    .where(sql.ref('delivered_at'), 'is', null)
    .execute();

  await db.schema.createIndex('outbox_submission_id').on('outbox').column('submission_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outbox').execute();
  await db.schema.dropTable('submissions').execute();
  await db.schema.dropTable('settings').execute();
}
