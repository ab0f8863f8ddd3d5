import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/*
 * An erased message must be gone from the database file (README, "Privacy"). SQLite's
 * `secure_delete` (server/db/create-database.ts) overwrites deleted rows, but the inbox's FTS5
 * search table keeps a deleted message's words in its index segments until they are merged;
 * FTS5's `secure-delete` option removes them at the delete instead. PostgreSQL: nothing to do
 * here (README, "Privacy", says what VACUUM does).
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  await sql`insert into submission_search(submission_search, rank) values ('secure-delete', 1)`.execute(db);
  // Words of messages deleted before this migration, out of the segments now.
  await sql`insert into submission_search(submission_search) values ('optimize')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  await sql`insert into submission_search(submission_search, rank) values ('secure-delete', 0)`.execute(db);
}
