/*
 * `npm run restore <archive> [--force]` (README.md, "Backups and restore"): checks every
 * file of a backup archive against its manifest, then restores the database, the uploads and
 * the address-hash key where the server's configuration (DATABASE_URL, UPLOAD_DIR,
 * ADDRESS_HASH_KEY_FILE) puts them: into an empty data folder, or over what is there with
 * `--force`. Stop the server first. Anything wrong is one line and exit code 1, with nothing
 * written.
 */
import path from 'node:path';
import { BackupError, oneLine, sqliteFileOf } from '../server/operations/backup-archive.ts';
import { rootOverAnotherUsersData } from '../server/operations/data-owner.ts';
import { restoreArchive } from '../server/operations/restore-archive.ts';
import { siteClockTime } from '../server/reports/site-days.ts';
import { readCommandConfig } from './run-database-command.ts';

const USAGE = 'usage: npm run restore -- <archive.zip> [--force]';

async function main(args: string[]): Promise<number> {
  const force = args.includes('--force');
  const rest = args.filter((arg) => arg !== '--force');
  const unknown = rest.find((arg) => arg.startsWith('-'));
  if (unknown !== undefined) return fail(`restore: unknown option ${unknown} (${USAGE})`);
  if (rest.length !== 1) return fail(`restore: ${rest.length === 0 ? 'which archive?' : 'one archive at a time'} (${USAGE})`);
  const archive = path.resolve(rest[0]!);
  const config = readCommandConfig();
  if (config === null) return 1;
  const wrongUser = rootOverAnotherUsersData('restore', path.dirname(sqliteFileOf(config.databaseUrl) ?? config.uploadDir));
  if (wrongUser !== null) return fail(wrongUser);
  try {
    const done = await restoreArchive(config, archive, { force });
    const made = siteClockTime(done.manifest.createdAt, config.siteTimeZone);
    const where = [
      `the database into ${sqliteFileOf(config.databaseUrl) ?? 'the PostgreSQL database of DATABASE_URL'}`,
      `${done.uploads} uploaded ${done.uploads === 1 ? 'file' : 'files'} into ${config.uploadDir}`,
      `${done.media} picture ${done.media === 1 ? 'file' : 'files'} into ${config.mediaDir}`,
      ...(done.key && config.addressHashKeyFile !== null ? [`the address-hash key into ${config.addressHashKeyFile}`] : []),
    ];
    process.stdout.write(`Restored ${path.basename(archive)} (made ${made} ${config.siteTimeZone}, version ${done.manifest.appVersion}): ${where.join(', ')}.\nEvery file matched its SHA-256. Start the server (npm start) and check /healthz and the console.\n`);
    return 0;
  } catch (error) {
    if (error instanceof BackupError) return fail(`restore: ${error.message}`);
    return fail(`restore failed: ${oneLine(error instanceof Error ? error.message : String(error))}`);
  }
}

function fail(line: string): number {
  process.stderr.write(`${line}\n`);
  return 1;
}

process.exitCode = await main(process.argv.slice(2));
