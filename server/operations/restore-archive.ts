import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { chmod, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import { array, literal, number, object, pattern, string, enums, is } from 'superstruct';
import yauzl from 'yauzl';
import type { Config } from '../config.ts';
import { createDatabase } from '../db/create-database.ts';
import { isPostgresUrl } from '../db/dialect.ts';
import { STORED_NAME_PATTERN } from '../submissions/upload-store.ts';
import { VARIANT_FILE } from '../media-library/media-library.route.ts';
import {
  ARCHIVE_PATH,
  BACKUP_FORMAT,
  BackupError,
  ignoreMissing,
  MANIFEST_NAME,
  oneLine,
  postgresTarget,
  runPostgresTool,
  sqliteFileOf,
  type BackupManifest,
} from './backup-archive.ts';

/*
 * `npm run restore <archive> [--force]` (README.md, "Backups and restore"): every file of the
 * archive is checked against the manifest's size and SHA-256 before anything is written; a
 * truncated or altered archive is refused with one line naming what is wrong. Then the
 * database (the SQLite file DATABASE_URL names, or `pg_restore` into its PostgreSQL database),
 * the uploads (UPLOAD_DIR) and the address-hash key go where the configuration says, into an
 * empty data folder unless `--force`. Each file is written under a temporary name, checked
 * again, and renamed into place once all are there.
 */

/** The manifest's largest size read: thousands of files' lines. */
const MANIFEST_MAX_BYTES = 16 * 1024 * 1024;

const ManifestStruct = object({
  format: literal(BACKUP_FORMAT),
  formatVersion: literal(1),
  createdAt: string(),
  database: enums(['sqlite', 'postgres'] as const),
  appVersion: string(),
  files: array(object({ path: string(), size: number(), sha256: pattern(string(), /^[0-9a-f]{64}$/) })),
});

const UPLOAD_ENTRY = new RegExp(`^${ARCHIVE_PATH.uploads}(.+)$`);
const MEDIA_ENTRY = new RegExp(`^${ARCHIVE_PATH.media}(.+)$`);

export type RestoreSettings = Pick<Config, 'databaseUrl' | 'uploadDir' | 'mediaDir' | 'addressHashKeyFile'>;

export interface RestoreResult {
  manifest: BackupManifest;
  uploads: number;
  /** The console's pictures' files restored into MEDIA_DIR. */
  media: number;
  key: boolean;
}

interface OpenArchive {
  /** The archive's file name, for messages. */
  name: string;
  zip: yauzl.ZipFile;
  entries: Map<string, yauzl.Entry>;
  manifest: BackupManifest;
}

/** Checks every file of the archive against its manifest; resolves with the manifest, or throws BackupError naming what is wrong. */
export async function verifyArchive(archive: string): Promise<BackupManifest> {
  const opened = await openArchive(archive);
  try {
    for (const file of opened.manifest.files) await readEntry(opened, file.path, null);
    return opened.manifest;
  } finally {
    opened.zip.close();
  }
}

/** Verifies the archive, then restores it (see above); throws BackupError with one line. */
export async function restoreArchive(settings: RestoreSettings, archive: string, { force = false }: { force?: boolean } = {}): Promise<RestoreResult> {
  await verifyArchive(archive);
  const opened = await openArchive(archive);
  const written: string[] = [];
  try {
    const { manifest } = opened;
    const postgres = isPostgresUrl(settings.databaseUrl);
    if ((manifest.database === 'postgres') !== postgres) {
      throw new BackupError(`${path.basename(archive)} holds a ${manifest.database === 'postgres' ? 'PostgreSQL' : 'SQLite'} database but DATABASE_URL is ${postgres ? 'PostgreSQL' : 'SQLite'}`);
    }
    const sqliteFile = sqliteFileOf(settings.databaseUrl);
    if (!postgres && sqliteFile === null) throw new BackupError('DATABASE_URL is sqlite::memory:, which cannot be restored into');
    if (!force) {
      const occupied = await firstOccupied(settings, sqliteFile);
      if (occupied !== null) throw new BackupError(`the data folder is not empty (${occupied}): restore into an empty one, or add --force to replace what is there`);
    }

    // Every file to its temporary name first, checked again as it is written.
    const uploads = manifest.files.filter((file) => UPLOAD_ENTRY.test(file.path));
    // Only names the media library writes (isKnownPath): an archive cannot place a file elsewhere.
    const media = manifest.files.filter((file) => MEDIA_ENTRY.test(file.path));
    const keyFile = manifest.files.some((file) => file.path === ARCHIVE_PATH.addressHashKey) ? settings.addressHashKeyFile : null;
    const moves: Array<{ from: string; to: string }> = [];
    const stage = async (entryPath: string, target: string) => {
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const temporary = `${target}.restore-${randomBytes(6).toString('hex')}.tmp`;
      written.push(temporary);
      await readEntry(opened, entryPath, temporary);
      moves.push({ from: temporary, to: target });
    };
    for (const file of uploads) await stage(file.path, path.join(settings.uploadDir, UPLOAD_ENTRY.exec(file.path)![1]!));
    for (const file of media) await stage(file.path, path.join(settings.mediaDir, MEDIA_ENTRY.exec(file.path)![1]!));
    if (keyFile !== null) await stage(ARCHIVE_PATH.addressHashKey, keyFile);
    if (postgres) {
      const dump = path.join(tmpdir(), `site-restore-${process.pid}-${randomBytes(6).toString('hex')}.dump`);
      written.push(dump);
      await readEntry(opened, ARCHIVE_PATH.postgres, dump);
      await restorePostgres(settings.databaseUrl, dump);
    } else {
      await stage(ARCHIVE_PATH.sqlite, sqliteFile!);
      // A log or shared-memory file of the database replaced would be replayed over the copy.
      await rm(`${sqliteFile!}-wal`, { force: true });
      await rm(`${sqliteFile!}-shm`, { force: true });
      await rm(`${sqliteFile!}-journal`, { force: true });
    }
    for (const move of moves) await rename(move.from, move.to);
    return { manifest, uploads: uploads.length, media: media.length, key: keyFile !== null };
  } finally {
    opened.zip.close();
    for (const file of written) await rm(file, { force: true });
  }
}

/** What makes the data folder not empty, in words; null when it is empty. */
async function firstOccupied(settings: RestoreSettings, sqliteFile: string | null): Promise<string | null> {
  if (sqliteFile !== null) {
    for (const file of [sqliteFile, `${sqliteFile}-wal`]) {
      const info = await stat(file).catch(ignoreMissing(null));
      if (info !== null && info.size > 0) return `${file} exists`;
    }
  } else if (await postgresHasTables(settings.databaseUrl)) {
    return 'the PostgreSQL database has tables';
  }
  const uploads = await readdir(settings.uploadDir).catch(ignoreMissing([]));
  if (uploads.length > 0) return `${settings.uploadDir} has files`;
  const pictures = await readdir(settings.mediaDir).catch(ignoreMissing([]));
  if (pictures.length > 0) return `${settings.mediaDir} has files`;
  if (settings.addressHashKeyFile !== null && (await stat(settings.addressHashKeyFile).catch(ignoreMissing(null))) !== null) return `${settings.addressHashKeyFile} exists`;
  return null;
}

async function postgresHasTables(databaseUrl: string): Promise<boolean> {
  const db = createDatabase(databaseUrl);
  try {
    const { rows } = await sql<{ count: number }>`select count(*) as count from information_schema.tables where table_schema = current_schema()`.execute(db);
    return Number(rows[0]?.count ?? 0) > 0;
  } finally {
    await db.destroy();
  }
}

/** `pg_restore` in one transaction: all of it or nothing; what the dump holds replaces what is there (`--clean`). */
async function restorePostgres(databaseUrl: string, dump: string): Promise<void> {
  const target = postgresTarget(databaseUrl);
  // --clean drops what the dump is about to create: with --force the old tables, without it
  // (an empty database) at most an empty schema of the same name.
  await runPostgresTool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', `--dbname=${target.url}`, dump], target.password);
}

async function openArchive(archive: string): Promise<OpenArchive> {
  const name = path.basename(archive);
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => {
    yauzl.open(archive, { lazyEntries: true, autoClose: false }, (error, opened) => {
      if (error) reject(new BackupError(`${name} is not a complete backup archive (${oneLine(error.message)}): truncated, damaged or not a backup`));
      else resolve(opened);
    });
  });
  try {
    const entries = await new Promise<Map<string, yauzl.Entry>>((resolve, reject) => {
      const found = new Map<string, yauzl.Entry>();
      zip.on('entry', (entry: yauzl.Entry) => {
        found.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.once('end', () => resolve(found));
      zip.once('error', (error: Error) => reject(new BackupError(`${name} is damaged: ${oneLine(error.message)}`)));
      zip.readEntry();
    });
    const manifestEntry = entries.get(MANIFEST_NAME);
    if (manifestEntry === undefined) throw new BackupError(`${name} has no ${MANIFEST_NAME}: not a backup archive of this site`);
    if (manifestEntry.uncompressedSize > MANIFEST_MAX_BYTES) throw new BackupError(`${name}'s ${MANIFEST_NAME} is too large to be a manifest`);
    let manifest: unknown;
    try {
      manifest = JSON.parse((await readAll(await entryStream(zip, manifestEntry, name))).toString('utf8'));
    } catch (error) {
      throw error instanceof BackupError ? error : new BackupError(`${name}'s ${MANIFEST_NAME} cannot be read (${oneLine((error as Error).message)}): altered or damaged`);
    }
    if (!is(manifest, ManifestStruct)) throw new BackupError(`${name}'s ${MANIFEST_NAME} is not a backup manifest of this site (altered, or from another program)`);
    const listed = new Set(manifest.files.map((file) => file.path));
    for (const file of manifest.files) {
      if (!isKnownPath(file.path)) throw new BackupError(`${name}'s manifest lists ${JSON.stringify(file.path)}, which is no part of a backup`);
      if (!entries.has(file.path)) throw new BackupError(`${name} is missing ${file.path}, which its manifest lists`);
    }
    const database = manifest.database === 'postgres' ? ARCHIVE_PATH.postgres : ARCHIVE_PATH.sqlite;
    if (!listed.has(database)) throw new BackupError(`${name}'s manifest lists no database (${database})`);
    for (const entry of entries.keys()) {
      if (entry !== MANIFEST_NAME && !listed.has(entry)) throw new BackupError(`${name} holds ${JSON.stringify(entry)}, which its manifest does not list`);
    }
    return { name, zip, entries, manifest };
  } catch (error) {
    zip.close();
    throw error;
  }
}

function isKnownPath(entryPath: string): boolean {
  if (entryPath === ARCHIVE_PATH.sqlite || entryPath === ARCHIVE_PATH.postgres || entryPath === ARCHIVE_PATH.addressHashKey) return true;
  const upload = UPLOAD_ENTRY.exec(entryPath)?.[1];
  if (upload !== undefined) return STORED_NAME_PATTERN.test(upload);
  const picture = MEDIA_ENTRY.exec(entryPath)?.[1];
  return picture !== undefined && VARIANT_FILE.test(picture);
}

/** Streams one file of the archive (to `target`, or nowhere), checking its size and SHA-256 against the manifest. */
async function readEntry({ name, zip, entries, manifest }: OpenArchive, entryPath: string, target: string | null): Promise<void> {
  const expected = manifest.files.find((file) => file.path === entryPath)!;
  const entry = entries.get(entryPath)!;
  if (entry.uncompressedSize !== expected.size) throw new BackupError(`${name}: ${entryPath} is ${entry.uncompressedSize} bytes but its manifest says ${expected.size}: altered or damaged`);
  const hash = createHash('sha256');
  let size = 0;
  const stream = await entryStream(zip, entry, name);
  try {
    await pipeline(
      stream,
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          hash.update(chunk);
          size += chunk.length;
          yield chunk;
        }
      },
      target === null ? async function drain(chunks: AsyncIterable<Buffer>) { for await (const chunk of chunks) void chunk; } : createWriteStream(target, { flags: 'wx', mode: 0o600 }),
    );
  } catch (error) {
    throw error instanceof BackupError ? error : new BackupError(`${name}: ${entryPath} cannot be read (${oneLine((error as Error).message)}): truncated, altered or damaged`);
  }
  if (size !== expected.size || hash.digest('hex') !== expected.sha256) {
    throw new BackupError(`${name}: ${entryPath} does not match its SHA-256 in the manifest: altered or damaged`);
  }
  if (target !== null) await chmod(target, 0o600);
}

function entryStream(zip: yauzl.ZipFile, entry: yauzl.Entry, name: string): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) reject(new BackupError(`${name}: ${entry.fileName} cannot be read (${oneLine(error.message)}): truncated, altered or damaged`));
      else resolve(stream);
    });
  });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
