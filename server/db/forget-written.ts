import { sql, type Kysely } from 'kysely';
import { dialectOf } from './dialect.ts';
import type { Database } from './types.ts';

/**
 * After rows that must be gone from the files were deleted (an erasure, README "Privacy"): on
 * SQLite, whose `secure_delete` overwrites them in the database file only once the WAL is
 * written back, the WAL is checkpointed and truncated now. Best effort: a reader still busy
 * leaves the rest for SQLite's next automatic checkpoint. PostgreSQL: nothing to do here.
 */
export async function forgetWritten(db: Kysely<Database>): Promise<void> {
  if (dialectOf(db) === 'sqlite') await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
}
