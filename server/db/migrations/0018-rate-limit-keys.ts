import type { Kysely } from 'kysely';

/*
 * rate_limits keeps keyed hashes, never an address (README, "Privacy"): the rows written with
 * raw client addresses and e-mail addresses are dropped (they are counts of the last few
 * minutes or a day: forgetting them only gives each client a fresh window). Each row now says
 * when its window ends (`expires_at`, milliseconds since the epoch), so a timer in the jobs
 * process deletes expired rows of every bucket without knowing its window.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.deleteFrom('rate_limits' as never).execute();
  await db.schema
    .alterTable('rate_limits')
    .addColumn('expires_at', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('rate_limits_expires_at').on('rate_limits').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('rate_limits_expires_at').execute();
  await db.schema.alterTable('rate_limits').dropColumn('expires_at').execute();
}
