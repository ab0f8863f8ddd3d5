import type { Kysely } from 'kysely';

/*
 * `/healthz` proves the database takes writes, not only that it answers `select 1` (README.md,
 * "Faults the server survives"): a full disk leaves reads working. It upserts this table's one
 * row (routes/healthz.ts), a write as cheap as a write can be, touching nothing the site keeps.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('health_probe')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('checked_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('health_probe').execute();
}
