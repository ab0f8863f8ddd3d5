import { sql, type Kysely } from 'kysely';
import { addIdColumn } from './id-column.ts';

/*
 * What the contact form needs beyond 0001: image captchas (kept in the database, not in files,
 * so any server behind a load balancer can check a captcha another one drew), the files
 * visitors upload (the bytes live in UPLOAD_DIR under random names; rows say whose they are),
 * submission metadata, and the outbox's attachments and its give-up mark. SQLite adds one
 * column per ALTER TABLE, hence one statement each.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('captchas')
    // The digits at the end of the image's name: the browser posts them back as the challenge.
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('answer_hash', 'text', (col) => col.notNull())
    .addColumn('svg', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('captchas_expires_at').on('captchas').column('expires_at').execute();

  // Unit tag, page, consent wording, reCAPTCHA score: JSON, read by people, not by queries.
  await db.schema
    .alterTable('submissions')
    .addColumn('meta', 'text', (col) => col.notNull().defaultTo('{}'))
    .execute();

  await addIdColumn(db, db.schema.createTable('submission_files'))
    .addColumn('submission_id', 'integer', (col) => col.notNull().references('submissions.id').onDelete('cascade'))
    .addColumn('field', 'text', (col) => col.notNull())
    // A random name in UPLOAD_DIR; the visitor's own file name is only ever a label.
    .addColumn('stored_name', 'text', (col) => col.notNull().unique())
    .addColumn('original_name', 'text', (col) => col.notNull())
    .addColumn('media_type', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('submission_files_submission_id')
    .on('submission_files')
    .column('submission_id')
    .execute();

  // JSON list of { storedName, filename, contentType, size }, resolved against UPLOAD_DIR when sent.
  await db.schema
    .alterTable('outbox')
    .addColumn('attachments', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
  // Set when the worker stopped retrying; the message stays listed by `npm run outbox`.
  await db.schema.alterTable('outbox').addColumn('failed_at', 'text').execute();

  // The worker's claim: due, undelivered, not given up. Replaces 0001's narrower index.
  await db.schema.dropIndex('outbox_pending').execute();
  await createPendingIndex(db, ['delivered_at', 'failed_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('outbox_pending').execute();
  await createPendingIndex(db, ['delivered_at']);
  await db.schema.alterTable('outbox').dropColumn('failed_at').execute();
  await db.schema.alterTable('outbox').dropColumn('attachments').execute();
  await db.schema.dropTable('submission_files').execute();
  await db.schema.alterTable('submissions').dropColumn('meta').execute();
  await db.schema.dropTable('captchas').execute();
}

/** The partial index of the outbox rows still to send: those whose `unsetColumns` are null. */
async function createPendingIndex(db: Kysely<unknown>, unsetColumns: string[]): Promise<void> {
  let index = db.schema.createIndex('outbox_pending').on('outbox').column('next_attempt_at');
  for (const column of unsetColumns) index = index.where(sql.ref(column), 'is', null);
  await index.execute();
}
