/*
 * `npm run restore <archive> [--force]` (README.md, "Backups and restore"): checks every
 * file of a backup archive against its manifest, then restores the database, the uploads and
 * the address-hash key where the server's configuration (DATABASE_URL, UPLOAD_DIR,
 * ADDRESS_HASH_KEY_FILE) puts them: into an empty data folder, or over what is there with
 * `--force`. `--offsite <name|latest>` takes the archive straight from the off-site storage
 * (BACKUP_S3_URL): downloaded into a private folder in BACKUP_DIR, restored, deleted; `--offsite`
 * alone lists the archives there. Stop the server first. Anything wrong is one line and exit
 * code 1, with nothing written.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { BackupError, oneLine, sqliteFileOf } from '../server/operations/backup-archive.ts';
import { copyFailureOf } from '../server/operations/backup-failure.ts';
import { rootOverAnotherUsersData } from '../server/operations/data-owner.ts';
import { openOffsiteStore } from '../server/operations/offsite-store.ts';
import { restoreArchive } from '../server/operations/restore-archive.ts';
import { siteClockTime } from '../server/reports/site-days.ts';
import type { Config } from '../server/config.ts';
import { readCommandConfig } from './run-database-command.ts';

const USAGE = 'usage: npm run restore -- <archive.zip> [--force], or npm run restore -- --offsite <archive name|latest> [--force]';

async function main(args: string[]): Promise<number> {
  const force = args.includes('--force');
  const offsite = args.includes('--offsite');
  const rest = args.filter((arg) => arg !== '--force' && arg !== '--offsite');
  const unknown = rest.find((arg) => arg.startsWith('-'));
  if (unknown !== undefined) return fail(`restore: unknown option ${unknown} (${USAGE})`);
  const config = readCommandConfig();
  if (config === null) return 1;
  if (offsite) return restoreFromStorage(config, rest, force);
  if (rest.length !== 1) return fail(`restore: ${rest.length === 0 ? 'which archive?' : 'one archive at a time'} (${USAGE})`);
  return restoreFile(config, path.resolve(rest[0]!), force);
}

/** `--offsite`: the archive named (or the newest) downloaded from the storage, restored, deleted. */
async function restoreFromStorage(config: Config, rest: string[], force: boolean): Promise<number> {
  if (config.backupOffsite === null) return fail('restore: --offsite needs the off-site storage configured (BACKUP_S3_URL, or BACKUP_S3_ENDPOINT, _BUCKET, _ACCESS_KEY_ID and _SECRET_ACCESS_KEY), as the server has it');
  if (rest.length > 1) return fail(`restore: one archive at a time (${USAGE})`);
  const wrongUser = rootOverAnotherUsersData('restore', config.backupDir);
  if (wrongUser !== null) return fail(wrongUser);
  const store = openOffsiteStore(config.backupOffsite);
  let folder: string | null = null;
  try {
    const archives = await store.list();
    if (rest.length === 0) {
      process.stderr.write(`restore: which archive? ${archives.length === 0 ? `${store.label} holds none of this site's archives.` : `${store.label} holds, newest last:\n${archives.map((archive) => `  ${archive.name} (${(archive.bytes / 1024 / 1024).toFixed(2)} MB)`).join('\n')}`}\n(${USAGE})\n`);
      return 1;
    }
    const name = rest[0] === 'latest' ? archives.at(-1)?.name : archives.find((archive) => archive.name === rest[0])?.name;
    if (name === undefined) return fail(`restore: ${rest[0] === 'latest' ? `${store.label} holds none of this site's archives` : `${store.label} has no archive ${JSON.stringify(rest[0])} (npm run restore -- --offsite lists them)`}`);
    // A folder of its own (mode 0700) in BACKUP_DIR: the archive holds the database and the key.
    await mkdir(config.backupDir, { recursive: true, mode: 0o700 });
    folder = await mkdtemp(path.join(config.backupDir, '.site-backup-download-'));
    const file = path.join(folder, name);
    const bytes = await store.download(name, file);
    process.stdout.write(`Downloaded ${name} from ${store.label} (${(bytes / 1024 / 1024).toFixed(2)} MB).\n`);
    return await restoreFile(config, file, force);
  } catch (error) {
    if (error instanceof BackupError) return fail(`restore: ${error.message}`);
    return fail(`restore: the off-site storage (${store.label}) could not be read: ${copyFailureOf(error).raw}`);
  } finally {
    store.close();
    if (folder !== null) await rm(folder, { recursive: true, force: true });
  }
}

async function restoreFile(config: Config, archive: string, force: boolean): Promise<number> {
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
