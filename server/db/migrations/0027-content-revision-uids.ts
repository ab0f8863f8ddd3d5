import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/*
 * A content revision's own random id (README.md "Live in seconds"): the pages rendered for a
 * revision are kept on disk under its number, but a number alone is not one revision. A restore
 * of an older backup (README.md "Backups and restore") gives the next publishes the numbers
 * that publishes after the backup had, and another DATABASE_URL starts again at 1; the uid tells
 * them apart, so a generation is served only for the revision it was rendered from
 * (server/site-generations/generation-stamp.ts). The database writes it with each row, whoever
 * inserts it: a volatile default on PostgreSQL (every existing row gets its own), a trigger on
 * SQLite (whose ALTER TABLE takes no such default).
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`alter table content_revisions add column uid text not null default md5(random()::text || clock_timestamp()::text)`.execute(db);
    return;
  }
  await sql`alter table content_revisions add column uid text`.execute(db);
  await sql`update content_revisions set uid = lower(hex(randomblob(16)))`.execute(db);
  await sql`create trigger content_revisions_uid after insert on content_revisions when new.uid is null
    begin update content_revisions set uid = lower(hex(randomblob(16))) where id = new.id; end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') await sql`drop trigger if exists content_revisions_uid`.execute(db);
  await sql`alter table content_revisions drop column uid`.execute(db);
}
