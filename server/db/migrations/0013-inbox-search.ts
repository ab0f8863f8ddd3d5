import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/*
 * The inbox's search index (ARCHITECTURE.md, "The inbox's search index"): each stored message's
 * name, e-mail, company, subject and message text, as its form's definition names them
 * (server/submissions/message-forms.ts), one row per submission in `submission_index`, written
 * in the transaction that stores the submission. SQLite searches it through an FTS5 table kept
 * in step by triggers (external content: the text is stored once); PostgreSQL through a
 * generated tsvector with a GIN index, its text split at every character that is not a letter
 * or digit, as SQLite's unicode61 tokenizer splits it, so an address is found by its parts on
 * both. Rows stored before this migration are indexed when the app starts
 * (server/submissions/message-index.ts, backfillMessageIndex).
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  await db.schema
    .createTable('submission_index')
    .addColumn('submission_id', 'integer', (col) => col.primaryKey().references('submissions.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('company', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .execute();
  // The inbox's date filter (by form: 0001's submissions_form_id_created_at).
  await db.schema.createIndex('submissions_created').on('submissions').columns(['created_at', 'id']).execute();

  if (postgres) {
    await sql`alter table submission_index add column search tsvector generated always as (
      to_tsvector('simple'::regconfig, regexp_replace(lower(name || ' ' || email || ' ' || company || ' ' || subject || ' ' || message), '[^[:alnum:]]+', ' ', 'g'))
    ) stored`.execute(db);
    await sql`create index submission_index_search on submission_index using gin (search)`.execute(db);
    return;
  }
  await sql`create virtual table submission_search using fts5(
    name, email, company, subject, message,
    content='submission_index', content_rowid='submission_id', tokenize='unicode61 remove_diacritics 2'
  )`.execute(db);
  await sql`create trigger submission_index_insert after insert on submission_index begin
    insert into submission_search(rowid, name, email, company, subject, message) values (new.submission_id, new.name, new.email, new.company, new.subject, new.message);
  end`.execute(db);
  await sql`create trigger submission_index_delete after delete on submission_index begin
    insert into submission_search(submission_search, rowid, name, email, company, subject, message) values ('delete', old.submission_id, old.name, old.email, old.company, old.subject, old.message);
  end`.execute(db);
  await sql`create trigger submission_index_update after update on submission_index begin
    insert into submission_search(submission_search, rowid, name, email, company, subject, message) values ('delete', old.submission_id, old.name, old.email, old.company, old.subject, old.message);
    insert into submission_search(rowid, name, email, company, subject, message) values (new.submission_id, new.name, new.email, new.company, new.subject, new.message);
  end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') {
    for (const trigger of ['submission_index_insert', 'submission_index_delete', 'submission_index_update']) await sql`drop trigger ${sql.id(trigger)}`.execute(db);
    await sql`drop table submission_search`.execute(db);
  }
  await db.schema.dropIndex('submissions_created').execute();
  await db.schema.dropTable('submission_index').execute();
}
