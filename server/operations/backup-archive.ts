import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, mkdtemp, open, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import yazl from 'yazl';
import type { BackupFailureCode } from '../../src/validation/shared/backup-health.protocol.ts';
import type { Config } from '../config.ts';
import { isPostgresUrl } from '../db/dialect.ts';
import { VARIANT_FILE } from '../media-library/media-library.route.ts';
import { STORED_NAME_PATTERN } from '../submissions/upload-store.ts';

/*
 * `npm run backup` and the jobs process's schedule (README.md, "Backups and restore"): one zip
 * archive in BACKUP_DIR holding a consistent copy of the database (SQLite's online backup API,
 * taken while the server writes, or `pg_dump -Fc` on PostgreSQL), the uploaded files, the
 * pictures uploaded in the console (MEDIA_DIR, their encoded variants), the address-hash key, and `manifest.json` naming every file with its size and SHA-256. The
 * archive is written under a temporary name and linked into place only when complete, so a
 * half-written one never looks like a backup.
 */

export const MANIFEST_NAME = 'manifest.json';
export const BACKUP_FORMAT = 'site-backup';
/** Where each part lives inside the archive. */
export const ARCHIVE_PATH = {
  sqlite: 'database/site.db',
  postgres: 'database/postgres.dump',
  uploads: 'uploads/',
  /** The console's pictures (MEDIA_DIR): every encoded variant, as the server serves it. */
  media: 'media/',
  addressHashKey: 'keys/address-hash.key',
} as const;

/** `site-backup-2026-11-27T000000Z.zip`, `-2` … when two are made in one second. */
export const BACKUP_NAME_PATTERN = /^site-backup-(\d{4}-\d{2}-\d{2}T\d{6}Z)(?:-(\d+))?\.zip$/;
const TEMPORARY_PREFIX = '.site-backup-';
/** A temporary archive or staging folder older than this was left by a backup that died. */
const STALE_TEMPORARY_MS = 24 * 3_600_000;

export interface ManifestFile {
  path: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: 1;
  createdAt: string;
  database: 'sqlite' | 'postgres';
  appVersion: string;
  files: ManifestFile[];
}

export interface WrittenBackup {
  /** Absolute path of the archive. */
  file: string;
  name: string;
  bytes: number;
  manifest: BackupManifest;
}

/** A backup that cannot be made; `message` is one line saying why (and what to do), `kind` what it ran into (for the console's words). */
export class BackupError extends Error {
  override name = 'BackupError';
  readonly kind: BackupFailureCode | undefined;
  constructor(message: string, kind?: BackupFailureCode) {
    super(message);
    this.kind = kind;
  }
}

/**
 * How far a backup has got, as it goes (the console's progress): copying the database (how long
 * is not known beforehand), then writing the archive, `done` of `total` bytes read from the
 * database's copy, the uploads, the pictures and the key.
 */
export type BackupProgress = { phase: 'database' } | { phase: 'archiving'; done: number; total: number };

/** Orders this site's archive names oldest first (by their time, then `-2`, `-3` … of one second); other names are left out. */
export function archivesOldestFirst(names: readonly string[]): string[] {
  return names
    .map((name) => ({ name, match: BACKUP_NAME_PATTERN.exec(name) }))
    .filter((entry): entry is { name: string; match: RegExpExecArray } => entry.match !== null)
    .sort((a, b) => (a.match[1]! < b.match[1]! ? -1 : a.match[1]! > b.match[1]! ? 1 : Number(a.match[2] ?? 1) - Number(b.match[2] ?? 1)))
    .map((entry) => entry.name);
}

type BackupSettings = Pick<Config, 'databaseUrl' | 'uploadDir' | 'mediaDir' | 'addressHashKeyFile' | 'backupDir'>;

/** The SQLite file a DATABASE_URL names; null for PostgreSQL or a database in memory. */
export function sqliteFileOf(databaseUrl: string, cwd = process.cwd()): string | null {
  if (!databaseUrl.startsWith('sqlite:') || databaseUrl === 'sqlite::memory:') return null;
  return path.resolve(cwd, databaseUrl.slice('sqlite:'.length));
}

/** Makes one archive in BACKUP_DIR; throws BackupError (or a file system error) when it cannot. */
export async function writeBackup(settings: BackupSettings, { now = Date.now(), onProgress = () => undefined }: { now?: number; onProgress?: (progress: BackupProgress) => void } = {}): Promise<WrittenBackup> {
  const createdAt = new Date(now).toISOString();
  const postgres = isPostgresUrl(settings.databaseUrl);
  const sqliteFile = sqliteFileOf(settings.databaseUrl);
  if (!postgres && sqliteFile === null) throw new BackupError('DATABASE_URL is sqlite::memory:, which has nothing on disk to back up', 'noDatabase');
  if (sqliteFile !== null && !(await exists(sqliteFile))) throw new BackupError(`${sqliteFile} does not exist: there is no database to back up (is DATABASE_URL right?)`, 'noDatabase');

  await mkdir(settings.backupDir, { recursive: true, mode: 0o700 });
  const staging = await mkdtemp(path.join(settings.backupDir, `${TEMPORARY_PREFIX}staging-`));
  const temporary = path.join(settings.backupDir, `${TEMPORARY_PREFIX}${process.pid}-${now}.zip.tmp`);
  try {
    const databaseCopy = path.join(staging, postgres ? 'postgres.dump' : 'site.db');
    onProgress({ phase: 'database' });
    if (postgres) await dumpPostgres(settings.databaseUrl, databaseCopy);
    else await snapshotSqlite(sqliteFile!, databaseCopy);

    const parts: Array<{ path: string; source: string; compress: boolean }> = [
      { path: postgres ? ARCHIVE_PATH.postgres : ARCHIVE_PATH.sqlite, source: databaseCopy, compress: !postgres },
    ];
    // After the database: every file a stored submission refers to was on disk before its
    // row was committed, so it is here too (files stored since are harmless extras).
    for (const name of (await readdir(settings.uploadDir).catch(ignoreMissing([]))).filter((entry) => STORED_NAME_PATTERN.test(entry)).sort()) {
      // Pictures and PDFs are compressed already.
      parts.push({ path: `${ARCHIVE_PATH.uploads}${name}`, source: path.join(settings.uploadDir, name), compress: false });
    }
    // The pictures' rows are in the database; a picture uploaded since is a harmless extra.
    for (const name of (await readdir(settings.mediaDir).catch(ignoreMissing([]))).filter((entry) => VARIANT_FILE.test(entry)).sort()) {
      parts.push({ path: `${ARCHIVE_PATH.media}${name}`, source: path.join(settings.mediaDir, name), compress: false });
    }
    if (settings.addressHashKeyFile !== null && (await exists(settings.addressHashKeyFile))) {
      parts.push({ path: ARCHIVE_PATH.addressHashKey, source: settings.addressHashKeyFile, compress: true });
    }

    const version = await appVersion();
    const manifest = await writeZip(temporary, parts, createdAt, onProgress, (files) => ({
      format: BACKUP_FORMAT,
      formatVersion: 1,
      createdAt,
      database: postgres ? 'postgres' : 'sqlite',
      appVersion: version,
      files,
    }));
    const { name, file } = await linkIntoPlace(temporary, settings.backupDir, createdAt);
    return { file, name, bytes: (await stat(file)).size, manifest };
  } finally {
    await rm(temporary, { force: true });
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Deletes the oldest of this site's archives in BACKUP_DIR beyond `keep` (files named as
 * `writeBackup` names them; nothing else there is touched), and temporary files a backup that
 * died left more than a day ago. Returns the names deleted.
 */
export async function pruneBackups(backupDir: string, keep: number, now = Date.now()): Promise<string[]> {
  const entries = await readdir(backupDir).catch(ignoreMissing([]));
  const archives = archivesOldestFirst(entries);
  const doomed = archives.slice(0, Math.max(0, archives.length - keep));
  for (const name of doomed) await rm(path.join(backupDir, name), { force: true });
  for (const name of entries.filter((entry) => entry.startsWith(TEMPORARY_PREFIX))) {
    const info = await stat(path.join(backupDir, name)).catch(() => null);
    if (info !== null && now - info.mtimeMs > STALE_TEMPORARY_MS) await rm(path.join(backupDir, name), { recursive: true, force: true });
  }
  return doomed;
}

/** `2026-11-27T02:00:00.000Z` → `site-backup-2026-11-27T020000Z.zip`; `-2` … for a second one in that second. */
async function linkIntoPlace(temporary: string, backupDir: string, createdAt: string): Promise<{ name: string; file: string }> {
  const stamp = `${createdAt.slice(0, 19).replaceAll(':', '')}Z`;
  for (let attempt = 1; ; attempt += 1) {
    const name = `site-backup-${stamp}${attempt === 1 ? '' : `-${attempt}`}.zip`;
    const file = path.join(backupDir, name);
    try {
      // A link, unlike a rename, never replaces an archive of the same name.
      await link(temporary, file);
      return { name, file };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 100) throw error;
    }
  }
}

/**
 * Writes the zip: each part streamed in turn (one open file at a time; a file opened stays
 * readable if it is deleted meanwhile, one gone before is left out), hashed as it goes, then
 * the manifest built from what was written. Synced to the disk before it is linked into place.
 */
async function writeZip(
  target: string,
  parts: ReadonlyArray<{ path: string; source: string; compress: boolean }>,
  createdAt: string,
  onProgress: (progress: BackupProgress) => void,
  manifestOf: (files: ManifestFile[]) => BackupManifest,
): Promise<BackupManifest> {
  const mtime = new Date(createdAt);
  // What there is to read, as the files are now (one deleted since is read as far as it goes).
  const total = (await Promise.all(parts.map((part) => stat(part.source).then((info) => info.size, () => 0)))).reduce((sum, size) => sum + size, 0);
  let bytesRead = 0;
  onProgress({ phase: 'archiving', done: 0, total });
  const zip = new yazl.ZipFile();
  const handle = await open(target, 'wx', 0o600);
  const output = createWriteStream(target, { fd: handle.fd, autoClose: false });
  let zipError: Error | null = null;
  zip.outputStream.on('error', (error: Error) => (zipError = error));
  zip.outputStream.pipe(output);
  const written = finished(output);
  try {
    const files: ManifestFile[] = [];
    for (const part of parts) {
      const source = await open(part.source, 'r').catch(ignoreMissing(null));
      if (source === null) continue;
      const hash = createHash('sha256');
      let size = 0;
      const read = (bytes: number) => {
        bytesRead += bytes;
        // A file that grew since it was measured: the total grows with it.
        onProgress({ phase: 'archiving', done: bytesRead, total: Math.max(total, bytesRead) });
      };
      const counting = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.length;
          read(chunk.length);
          done(null, chunk);
        },
      });
      // The stream owns the file handle and closes it itself, whenever it ends: closed under a
      // read still in flight (the output failed, a full disk), the read would fail as an
      // uncaught EBADF and end the process, the jobs process included.
      const reading = createReadStream(part.source, { fd: source, autoClose: true });
      const copied = pipeline(reading, counting);
      zip.addReadStream(counting, part.path, { mtime, mode: 0o100600, compress: part.compress });
      try {
        // The output's failure ends the wait too (the zip stops reading then).
        await Promise.race([copied, finished(counting), written]);
        await copied;
        if (zipError !== null) throw zipError;
        files.push({ path: part.path, size, sha256: hash.digest('hex') });
      } finally {
        if (!reading.closed) {
          reading.destroy();
          await finished(reading).catch(() => undefined);
        }
        copied.catch(() => undefined);
      }
    }
    const manifest = manifestOf(files);
    zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), MANIFEST_NAME, { mtime, mode: 0o100600 });
    zip.end();
    await written;
    if (zipError !== null) throw zipError;
    await handle.sync();
    return manifest;
  } finally {
    await handle.close();
  }
}

/**
 * A consistent copy of the SQLite file through SQLite's online backup API, in a worker thread
 * so the event loop of the process that asked (the jobs process serves requests too) is not
 * held; the copy is checked with `quick_check`.
 */
function snapshotSqlite(source: string, destination: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(fileURLToPath(new URL('./sqlite-snapshot.worker.ts', import.meta.url)), { workerData: { source, destination } });
    let answered = false;
    worker.once('message', (message: { ok: true } | { ok: false; error: string }) => {
      answered = true;
      if (message.ok) resolve();
      else reject(new BackupError(`the database could not be copied: ${message.error}`, 'databaseCopy'));
    });
    worker.once('error', (error) => {
      answered = true;
      reject(new BackupError(`the database could not be copied: ${oneLine(error.message)}`, 'databaseCopy'));
    });
    worker.once('exit', (code) => {
      if (!answered) reject(new BackupError(`the database copy stopped (worker exit code ${code})`, 'databaseCopy'));
    });
  });
}

/** What pg_dump and pg_restore need from a DATABASE_URL: the URL without its password, the password apart, the schema its search_path names. */
export function postgresTarget(databaseUrl: string): { url: string; password: string | null; schema: string | null } {
  const url = new URL(databaseUrl);
  // libpq also takes the password as `?password=`: out of the URL either way, or ps shows it.
  const inQuery = url.searchParams.get('password');
  url.searchParams.delete('password');
  let password = inQuery;
  try {
    if (url.password !== '') password = decodeURIComponent(url.password);
  } catch {
    throw new BackupError("DATABASE_URL's password has a % that is not a %-escape (write % as %25)");
  }
  url.password = '';
  const schema = /search_path=([A-Za-z_][A-Za-z0-9_$]*)/.exec(url.searchParams.get('options') ?? '')?.[1] ?? null;
  // libpq reads `%20`, not URLSearchParams' `+`, as a space (`options=-c search_path=…`).
  const query = [...url.searchParams].map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');
  url.search = query;
  return { url: url.toString(), password, schema };
}

/** Runs a PostgreSQL client tool; its password goes in the environment, never on the command line (ps shows that). */
export async function runPostgresTool(tool: 'pg_dump' | 'pg_restore', args: string[], password: string | null): Promise<void> {
  const child = spawn(tool, args, { env: { ...process.env, ...(password === null ? {} : { PGPASSWORD: password }) }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') {
        reject(new BackupError(`${tool} is not on the PATH: install PostgreSQL's client tools of the server's major version or newer (Debian: apt-get install postgresql-client) and run this again`, 'pgDumpMissing'));
      } else reject(error);
    });
    child.once('close', resolve);
  });
  if (code !== 0) {
    const lines = stderr.trim().split('\n').filter(Boolean);
    throw new BackupError(`${tool} failed (exit code ${code}): ${oneLine(lines.find((line) => /error/i.test(line)) ?? lines.at(-1) ?? 'no message')}`, 'pgDumpFailed');
  }
}

/** `pg_dump -Fc` of the database (of the schema the URL's search_path names, when it names one). */
async function dumpPostgres(databaseUrl: string, destination: string): Promise<void> {
  const target = postgresTarget(databaseUrl);
  await runPostgresTool('pg_dump', ['--format=custom', `--file=${destination}`, ...(target.schema === null ? [] : [`--schema=${target.schema}`]), `--dbname=${target.url}`], target.password);
}

async function appVersion(): Promise<string> {
  const packageJson = JSON.parse(await readFile(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8')) as { version?: string };
  return packageJson.version ?? 'unknown';
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
}

/** A handler for a missing file or folder that answers `fallback`; other errors go on. */
export function ignoreMissing<T>(fallback: T): (error: NodeJS.ErrnoException) => T {
  return (error) => {
    if (error.code === 'ENOENT') return fallback;
    throw error;
  };
}

export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
