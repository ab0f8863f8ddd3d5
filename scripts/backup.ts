/*
 * `npm run backup` (README.md, "Backups and restore"): one archive of the database, the
 * uploads and the address-hash key in BACKUP_DIR, safe to run while the server is serving.
 * Uses the server's own configuration (DATABASE_URL, UPLOAD_DIR, …); prints the archive's
 * path, or one line saying what went wrong (exit code 1). The run is recorded for the
 * console's health banner.
 */
import { existsSync } from 'node:fs';
import { createDatabase } from '../server/db/create-database.ts';
import { runMigrations } from '../server/db/migrate.ts';
import { oneLine, sqliteFileOf } from '../server/operations/backup-archive.ts';
import { rootOverAnotherUsersData } from '../server/operations/data-owner.ts';
import { backUpAndRecord } from '../server/operations/run-backup.ts';
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
    const { written } = await backUpAndRecord(db, config);
    const files = written.manifest.files.length;
    process.stdout.write(`Backup written: ${written.file} (${megabytes(written.bytes)}, ${files} ${files === 1 ? 'file' : 'files'} with their SHA-256 in manifest.json)\n`);
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
