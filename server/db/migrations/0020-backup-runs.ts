import type { Kysely } from 'kysely';
import { addIdColumn } from './id-column.ts';

/*
 * Backups (README.md, "Backups and restore"): every run of `npm run backup` and of the jobs
 * process's schedule records how it ended, so every process, the console's health banner and
 * /healthz read the last success and the last failure from the database.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('backup_runs'))
    .addColumn('started_at', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('archive', 'text')
    .addColumn('bytes', 'bigint')
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('backup_runs_status_finished').on('backup_runs').columns(['status', 'finished_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('backup_runs').execute();
}
