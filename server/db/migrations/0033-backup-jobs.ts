import type { Kysely } from 'kysely';

/*
 * Backups the owner can see, take and keep off the machine (README.md, "Backups and restore"):
 * - `backup_runs` says who started each run (`trigger`), on which machine, why a failure failed
 *   in a word (`error_code`, for the console's sentences), and the state of its archive's copy
 *   in the off-site storage (`copy_*`: pending, copied or failed, with the attempts and when the
 *   next is due);
 * - `backup_lock` is the one backup or copy running, whichever process of whichever server runs
 *   it: its row is the lock (the primary key admits one), its heartbeat shows it is alive and
 *   its phase and bytes are the progress the console's Backups page shows.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('backup_runs').addColumn('trigger', 'text').execute();
  await db.schema.alterTable('backup_runs').addColumn('machine', 'text').execute();
  await db.schema.alterTable('backup_runs').addColumn('error_code', 'text').execute();
  await db.schema.alterTable('backup_runs').addColumn('copy_state', 'text').execute();
  await db.schema.alterTable('backup_runs').addColumn('copy_attempts', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('backup_runs').addColumn('copied_at', 'text').execute();
  await db.schema.alterTable('backup_runs').addColumn('copy_error', 'text').execute();
  await db.schema.alterTable('backup_runs').addColumn('copy_error_code', 'text').execute();
  await db.schema.alterTable('backup_runs').addColumn('copy_next_at', 'text').execute();
  await db.schema.createIndex('backup_runs_archive').on('backup_runs').column('archive').execute();

  await db.schema
    .createTable('backup_lock')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('token', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('trigger', 'text', (col) => col.notNull())
    .addColumn('archive', 'text')
    .addColumn('machine', 'text', (col) => col.notNull())
    .addColumn('started_at', 'text', (col) => col.notNull())
    .addColumn('heartbeat_at', 'text', (col) => col.notNull())
    .addColumn('phase', 'text', (col) => col.notNull())
    .addColumn('done_bytes', 'bigint')
    .addColumn('total_bytes', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('backup_lock').execute();
  await db.schema.dropIndex('backup_runs_archive').execute();
  for (const column of ['copy_next_at', 'copy_error_code', 'copy_error', 'copied_at', 'copy_attempts', 'copy_state', 'error_code', 'machine', 'trigger']) {
    await db.schema.alterTable('backup_runs').dropColumn(column).execute();
  }
}
