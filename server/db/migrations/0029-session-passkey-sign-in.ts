import { sql, type Kysely } from 'kysely';

/*
 * When a console session's person last signed in with a passkey (README.md, "The console"):
 * the sign-in or enrolment that started the session, or a later "sign in again" within it.
 * Adding a passkey to one's own account needs one from the last five minutes, so a session
 * alone (a borrowed, unlocked browser; a stolen cookie) cannot add a lasting way in. Sessions
 * started before this migration count from their start.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('console_sessions').addColumn('signed_in_at', 'text').execute();
  await sql`update console_sessions set signed_in_at = created_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('console_sessions').dropColumn('signed_in_at').execute();
}
