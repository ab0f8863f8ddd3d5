import { sql, type Kysely } from 'kysely';

/*
 * "Mark as answered" on a message (README.md, "The inbox"): when, and by whom (the console
 * person's address, kept as written should the person later go). The inbox's "Not answered"
 * view (not spam, not answered) walks a partial index of exactly those rows, newest first, so
 * it costs what the other views cost however many answered messages there are.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table submissions add column answered_at text`.execute(db);
  await sql`alter table submissions add column answered_by text`.execute(db);
  await sql`create index submissions_unanswered on submissions (id) where spam = 0 and answered_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index submissions_unanswered`.execute(db);
  await sql`alter table submissions drop column answered_by`.execute(db);
  await sql`alter table submissions drop column answered_at`.execute(db);
}
