import type { Kysely } from 'kysely';

/*
 * Per-address request counts shared by every server on one database (RATE_LIMIT_STORE =
 * database, the default on PostgreSQL): one row per bucket (a limited route group) and client
 * key, counting requests in a fixed window that starts at its first request.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('bucket', 'text', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    // Milliseconds since the epoch; bigint so PostgreSQL holds it.
    .addColumn('window_start', 'bigint', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('rate_limits_pk', ['bucket', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
