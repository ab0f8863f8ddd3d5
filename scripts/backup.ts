/*
 * `npm run backup` (README.md, "Backups and restore"): one archive of the database, the
 * uploads and the address-hash key in BACKUP_DIR, safe to run while the server is serving, then
 * copied to the off-site storage when one is configured (BACKUP_S3_URL). Uses the server's own
 * configuration (DATABASE_URL, UPLOAD_DIR, …); prints the archive's path and where it was
 * copied, or one line saying what went wrong (exit code 1). A copy that failed leaves the
 * backup made (exit code 0, the failure said): the jobs process tries the copy again. Refused
 * while another backup runs (the schedule's, the console's). The run is recorded for the
 * console.
 */
import { existsSync } from 'node:fs';
import { createDatabase } from '../server/db/create-database.ts';
import { runMigrations } from '../server/db/migrate.ts';
import { oneLine, sqliteFileOf } from '../server/operations/backup-archive.ts';
import { rootOverAnotherUsersData } from '../server/operations/data-owner.ts';
import { startBackup } from '../server/operations/run-backup.ts';
import { readCommandConfig } from './run-database-command.ts';

async function main(): Promise<number> {
  const config = readCommandConfig();
  if (config === null) return 1;
  const wrongUser = rootOverAnotherUsersData('backup', config.backupDir);
  if (wrongUser !== null) return fail(wrongUser);
  // Before the database is opened, which would make an empty one.
  const sqliteFile = sqliteFileOf(config.databaseUrl);
  if (sqliteFile !== null && !existsSync(sqliteFile)) return fail(`backup: ${sqliteFile} does not exist: there is no database to back up (is DATABASE_URL right?)`);
  const db = createDatabase(config.databaseUrl);
  try {
    await runMigrations(db);
    const started = await startBackup(db, config, { trigger: 'command' });
    if (!started.started) {
      const running = started.running;
      const what = running === null ? 'another backup' : `a ${running.kind === 'copy' ? 'copy to the off-site storage' : 'backup'} (started by the ${running.trigger} at ${running.startedAt} on ${running.machine})`;
      return fail(`backup: ${what} is running: wait for it to finish (the console's Backups page shows it) and run this again`);
    }
    const { written, failure, copy } = await started.finished;
    if (written === null) return fail(`backup failed: ${failure?.raw ?? 'no message'}`);
    const files = written.manifest.files.length;
    process.stdout.write(`Backup written: ${written.file} (${megabytes(written.bytes)}, ${files} ${files === 1 ? 'file' : 'files'} with their SHA-256 in manifest.json)\n`);
    if (copy.state === 'copied') process.stdout.write(`Copied to ${copy.where}${copy.pruned.length === 0 ? '' : ` (${copy.pruned.length} older ${copy.pruned.length === 1 ? 'archive' : 'archives'} deleted there: BACKUP_KEEP=${config.backupKeep})`}\n`);
    if (copy.state === 'failed') process.stderr.write(`The copy to ${copy.where} failed: ${copy.failure.raw}. The archive is kept here; the server's jobs process tries the copy again.\n`);
    return 0;
  } catch (error) {
    return fail(`backup failed: ${oneLine(error instanceof Error ? error.message : String(error))}`);
  } finally {
    await db.destroy();
  }
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 2 : 0)} MB`;
}

function fail(line: string): number {
  process.stderr.write(`${line}\n`);
  return 1;
}

process.exitCode = await main();
