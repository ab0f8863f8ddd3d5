import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import yauzl from 'yauzl';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/create-database.ts';
import { startBackupSchedule } from '../../server/jobs/backup-schedule-job.ts';
import { ARCHIVE_PATH, BackupError, pruneBackups, writeBackup } from '../../server/operations/backup-archive.ts';
import { restoreArchive, verifyArchive } from '../../server/operations/restore-archive.ts';
import { CONSOLE_API } from '../../src/validation/console/console-api.ts';
import { INBOX_ROUTE } from '../../src/validation/inbox/inbox.protocol.ts';
import { addPerson, consoleHeaders } from './helpers/console-people.ts';
import { answerOf, postFeedback } from './helpers/multipart.ts';
import { runScript } from './helpers/server-process.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { createTestDatabase, testDatabaseUrl, testDialect } from './helpers/test-db.ts';
import { validContactFields } from './helpers/test-forms.ts';

/*
 * Backups and restore (README.md, "Backups and restore"; server/operations/): what an archive
 * holds, that restore checks every file before writing anything, refuses a data folder that
 * is not empty without --force, and that the schedule keeps BACKUP_KEEP archives and records
 * a failure the health banner and /healthz show. On PostgreSQL the database part is pg_dump's.
 */

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(3000), Buffer.from('\n%%EOF\n')]);
const KEY = `${'ab'.repeat(32)}\n`;
const PICTURE_FILE = 'harbour-wall-480w.0123456789.avif';
const PICTURE = randomBytes(2000);

async function folder(prefix: string): Promise<string> {
  const made = await mkdtemp(path.join(tmpdir(), prefix));
  cleanups.push(() => rm(made, { recursive: true, force: true }));
  return made;
}

interface Site {
  test: TestApp;
  settings: { databaseUrl: string; uploadDir: string; mediaDir: string; addressHashKeyFile: string; backupDir: string };
}

/** A site with one message and its file stored through the real route, and a key file. */
async function siteWithAMessage(env: Record<string, string> = {}, logger?: FastifyBaseLogger): Promise<Site> {
  const database = await createTestDatabase();
  cleanups.push(() => database.cleanup());
  const data = await folder('site-backup-data-');
  const settings = { databaseUrl: database.url, uploadDir: '', mediaDir: path.join(data, 'media'), addressHashKeyFile: path.join(data, 'address-hash.key'), backupDir: path.join(data, 'backups') };
  const test = await createTestApp(
    { DATABASE_URL: database.url, BACKUP_DIR: settings.backupDir, ADDRESS_HASH_KEY_FILE: settings.addressHashKeyFile, ...env },
    { database, ...(logger === undefined ? {} : { loggerInstance: logger }) },
  );
  cleanups.push(() => test.cleanup());
  settings.uploadDir = test.uploadDir;
  await writeFile(settings.addressHashKeyFile, KEY, { mode: 0o600 });
  // A picture uploaded in the console: one of its encoded variants, as the media library names them.
  await mkdir(settings.mediaDir, { recursive: true });
  await writeFile(path.join(settings.mediaDir, PICTURE_FILE), PICTURE);
  const answer = answerOf(await postFeedback(test.app, 5, { ...validContactFields({ 'your-name': 'Backed Up' }), 'your-file': new File([new Uint8Array(PDF)], 'brief.pdf', { type: 'application/pdf' }) }));
  expect(answer.status).toBe('mail_sent');
  return { test, settings };
}

/** A place to restore into: a fresh SQLite path, or a fresh PostgreSQL schema. */
async function emptyTarget(): Promise<{ databaseUrl: string; uploadDir: string; mediaDir: string; addressHashKeyFile: string; root: string }> {
  const root = await folder('site-restore-');
  if (testDatabaseUrl === null) {
    return { databaseUrl: `sqlite:${path.join(root, 'data', 'site.db')}`, uploadDir: path.join(root, 'data', 'uploads'), mediaDir: path.join(root, 'data', 'media'), addressHashKeyFile: path.join(root, 'data', 'address-hash.key'), root };
  }
  // The dump names its schema: restoring over the source's schema needs --force, so a target
  // of its own is the source's schema dropped (as a database lost would be).
  return { databaseUrl: '', uploadDir: path.join(root, 'uploads'), mediaDir: path.join(root, 'media'), addressHashKeyFile: path.join(root, 'address-hash.key'), root };
}

async function dropSchemaOf(url: string): Promise<void> {
  const schema = /search_path=(\w+)/.exec(new URL(url).searchParams.get('options') ?? '')![1]!;
  const client = new pg.Client({ connectionString: testDatabaseUrl! });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade; create schema "${schema}"`);
  } finally {
    await client.end();
  }
}

async function entriesOf(archive: string): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => yauzl.open(archive, { lazyEntries: true }, (error, opened) => (error ? reject(error) : resolve(opened))));
  const found = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          found.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return found;
}

/** Where an entry's bytes start in the archive (after its local header). */
async function dataOffsetOf(archive: string, entryPath: string): Promise<{ start: number; length: number }> {
  const bytes = await readFile(archive);
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, opened) => (error ? reject(error) : resolve(opened))));
  const entry = await new Promise<yauzl.Entry>((resolve, reject) => {
    zip.on('entry', (found: yauzl.Entry) => (found.fileName === entryPath ? resolve(found) : zip.readEntry()));
    zip.on('end', () => reject(new Error(`${entryPath} not found`)));
    zip.readEntry();
  });
  const header = entry.relativeOffsetOfLocalHeader;
  return { start: header + 30 + bytes.readUInt16LE(header + 26) + bytes.readUInt16LE(header + 28), length: entry.compressedSize };
}

async function expectNothingWritten(target: { root: string }): Promise<void> {
  expect(await readdir(target.root)).toEqual([]);
}

describe(`backups on ${testDialect}`, () => {
  it('writes one dated archive with the database, the uploads, the key and a manifest of sizes and SHA-256s; restore brings them back', async () => {
    const { test, settings } = await siteWithAMessage();
    const written = await writeBackup(settings);
    expect(written.name).toMatch(/^site-backup-\d{4}-\d{2}-\d{2}T\d{6}Z\.zip$/);
    expect(await readdir(settings.backupDir)).toEqual([written.name]);

    const entries = await entriesOf(written.file);
    const stored = await test.app.db.selectFrom('submission_files').select('stored_name').executeTakeFirstOrThrow();
    const database = testDialect === 'sqlite' ? ARCHIVE_PATH.sqlite : ARCHIVE_PATH.postgres;
    expect([...entries.keys()].sort()).toEqual([database, 'keys/address-hash.key', 'manifest.json', `uploads/${stored.stored_name}`, `media/${PICTURE_FILE}`].sort());
    expect(entries.get(`media/${PICTURE_FILE}`)).toEqual(PICTURE);
    expect(entries.get(`uploads/${stored.stored_name}`)).toEqual(PDF);
    expect(entries.get('keys/address-hash.key')?.toString()).toBe(KEY);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString());
    expect(manifest).toMatchObject({ format: 'site-backup', formatVersion: 1, database: testDialect, appVersion: expect.any(String) });
    expect(Date.parse(manifest.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    for (const file of manifest.files) {
      const bytes = entries.get(file.path)!;
      expect(file).toEqual({ path: file.path, size: bytes.length, sha256: (await import('node:crypto')).createHash('sha256').update(bytes).digest('hex') });
    }
    expect(await verifyArchive(written.file)).toEqual(manifest);

    const target = await emptyTarget();
    if (testDialect === 'postgres') {
      target.databaseUrl = settings.databaseUrl;
      await dropSchemaOf(settings.databaseUrl);
    }
    const restored = await restoreArchive(target, written.file);
    expect(restored).toMatchObject({ uploads: 1, media: 1, key: true });
    expect(await readFile(path.join(target.mediaDir, PICTURE_FILE))).toEqual(PICTURE);
    expect(await readFile(path.join(target.uploadDir, stored.stored_name))).toEqual(PDF);
    expect(await readFile(target.addressHashKeyFile, 'utf8')).toBe(KEY);
    const db = createDatabase(target.databaseUrl);
    try {
      const message = await db.selectFrom('submissions').select('posted_data').executeTakeFirstOrThrow();
      expect(JSON.parse(message.posted_data)['your-name']).toBe('Backed Up');
      expect(await db.selectFrom('outbox').select('id').execute()).toHaveLength(1);
    } finally {
      await db.destroy();
    }
  });

  it('refuses a truncated archive with one line, writing nothing', async () => {
    const { settings } = await siteWithAMessage();
    const { file } = await writeBackup(settings);
    const size = (await readFile(file)).length;
    await truncate(file, Math.floor(size / 2));
    const target = await emptyTarget();
    target.databaseUrl ||= `sqlite:${path.join(target.root, 'site.db')}`;
    const error = await restoreArchive(target, file).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(/^site-backup-.*\.zip is not a complete backup archive \(.*\): truncated, damaged or not a backup$/);
    expect((error as Error).message).not.toContain('\n');
    await expectNothingWritten(target);
  });

  it('refuses an archive with one byte altered, in a stored file or in the compressed database, naming the file', async () => {
    const { test, settings } = await siteWithAMessage();
    const { file } = await writeBackup(settings);
    const original = await readFile(file);
    const stored = await test.app.db.selectFrom('submission_files').select('stored_name').executeTakeFirstOrThrow();
    const database = testDialect === 'sqlite' ? ARCHIVE_PATH.sqlite : ARCHIVE_PATH.postgres;
    for (const entry of [`uploads/${stored.stored_name}`, database]) {
      const { start, length } = await dataOffsetOf(file, entry);
      const altered = Buffer.from(original);
      const at = start + Math.floor(length / 2);
      altered[at] = altered[at]! ^ 0x01;
      await writeFile(file, altered);
      const target = await emptyTarget();
      target.databaseUrl ||= `sqlite:${path.join(target.root, 'site.db')}`;
      const error = await restoreArchive(target, file).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BackupError);
      expect((error as Error).message).toMatch(new RegExp(`^site-backup-.*\\.zip: ${entry.replaceAll('.', '\\.')} (does not match its SHA-256 in the manifest|cannot be read \\(.*\\)): (truncated, )?altered or damaged$`));
      await expectNothingWritten(target);
    }
  });

  it('refuses a data folder that is not empty without --force, and restores over it with --force', async () => {
    const { test, settings } = await siteWithAMessage();
    const { file } = await writeBackup(settings);
    // After the backup: a second message, which a forced restore takes back to the first.
    expect(answerOf(await postFeedback(test.app, 5, validContactFields({ 'your-name': 'After the backup' }))).status).toBe('mail_sent');
    const target = { databaseUrl: settings.databaseUrl, uploadDir: settings.uploadDir, mediaDir: settings.mediaDir, addressHashKeyFile: settings.addressHashKeyFile };
    const refused = await restoreArchive(target, file).catch((caught: unknown) => caught);
    expect((refused as Error).message).toMatch(/^the data folder is not empty \((.*site\.db exists|the PostgreSQL database has tables)\): restore into an empty one, or add --force to replace what is there$/);
    expect(await test.app.db.selectFrom('submissions').select('id').execute()).toHaveLength(2);

    await test.app.close();
    await test.database.db.destroy();
    await restoreArchive(target, file, { force: true });
    const db = createDatabase(settings.databaseUrl);
    try {
      const names = (await db.selectFrom('submissions').select('posted_data').execute()).map((row) => JSON.parse(row.posted_data)['your-name']);
      expect(names).toEqual(['Backed Up']);
    } finally {
      await db.destroy();
    }
  });

  it('runs as npm run backup and npm run restore: a path printed, a refusal in one line and exit code 1', async () => {
    const { settings } = await siteWithAMessage();
    const env = { DATABASE_URL: settings.databaseUrl, UPLOAD_DIR: settings.uploadDir, ADDRESS_HASH_KEY_FILE: settings.addressHashKeyFile, BACKUP_DIR: settings.backupDir };
    const backup = runScript('scripts/backup.ts', env);
    expect((await backup.exit).code).toBe(0);
    const archive = /^Backup written: (\S+\.zip) /.exec(backup.stdout())?.[1];
    expect(archive).toBeDefined();
    expect(existsSync(archive!)).toBe(true);

    const again = runScript('scripts/restore.ts', env, [archive!]);
    expect((await again.exit).code).toBe(1);
    expect(again.stderr()).toMatch(/^restore: the data folder is not empty \(.*\): restore into an empty one, or add --force to replace what is there\n$/);

    await truncate(archive!, 100);
    const truncated = runScript('scripts/restore.ts', env, [archive!, '--force']);
    expect((await truncated.exit).code).toBe(1);
    expect(truncated.stderr()).toMatch(/^restore: site-backup-.*\.zip is not a complete backup archive .*\n$/);
  });

  it.skipIf(testDialect !== 'postgres')('says in one line what to install when pg_dump is not on the PATH (exit code 1)', async () => {
    const { settings } = await siteWithAMessage();
    // Node's own folder only: no PostgreSQL client tools.
    const backup = runScript('scripts/backup.ts', { DATABASE_URL: settings.databaseUrl, UPLOAD_DIR: settings.uploadDir, BACKUP_DIR: settings.backupDir, PATH: path.dirname(process.execPath) });
    expect((await backup.exit).code).toBe(1);
    expect(backup.stderr()).toBe("backup failed: pg_dump is not on the PATH: install PostgreSQL's client tools of the server's major version or newer (Debian: apt-get install postgresql-client) and run this again\n");
    expect(existsSync(settings.backupDir) ? (await readdir(settings.backupDir)).filter((name) => name.endsWith('.zip')) : []).toEqual([]);
  });

  it('keeps BACKUP_KEEP of its own archives, leaving other files and fresh temporary ones alone', async () => {
    const dir = await folder('site-backups-');
    const names = ['site-backup-2026-11-20T000000Z.zip', 'site-backup-2026-11-21T000000Z.zip', 'site-backup-2026-11-22T000000Z.zip', 'site-backup-2026-11-22T000000Z-2.zip', 'site-backup-2026-11-23T000000Z.zip'];
    for (const name of [...names, 'before-upgrade.zip', '.site-backup-123-1.zip.tmp']) await writeFile(path.join(dir, name), 'x');
    expect(await pruneBackups(dir, 3)).toEqual(['site-backup-2026-11-20T000000Z.zip', 'site-backup-2026-11-21T000000Z.zip']);
    expect((await readdir(dir)).sort()).toEqual(['.site-backup-123-1.zip.tmp', 'before-upgrade.zip', 'site-backup-2026-11-22T000000Z-2.zip', 'site-backup-2026-11-22T000000Z.zip', 'site-backup-2026-11-23T000000Z.zip']);
    // A day later the temporary file a dead backup left goes too.
    await pruneBackups(dir, 3, Date.now() + 25 * 3_600_000);
    expect(await readdir(dir)).not.toContain('.site-backup-123-1.zip.tmp');
  });

  it('records a failed scheduled backup, logs it at error, and shows it in the health banner and /healthz until one succeeds', async () => {
    const lines: Array<{ level: number; msg: string; reason?: string }> = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const { test, settings } = await siteWithAMessage({ BACKUP_KEEP: '2' }, logger);
    const staff = await addPerson(test.app, { email: 'staff@example.co.za', role: 'staff' });
    const banner = async () => {
      const response = await test.app.inject({ url: `${CONSOLE_API}${INBOX_ROUTE.mailHealth}`, headers: consoleHeaders(test.app, staff.cookie) });
      expect(response.statusCode).toBe(200);
      return response.json().backup;
    };
    const healthz = async () => {
      const response = await test.app.inject({ url: '/healthz' });
      expect(response.statusCode).toBe(200);
      return response.json().backup;
    };
    expect(await banner()).toEqual({
      state: 'none',
      lastSuccessAt: null,
      lastSuccessArchive: null,
      lastFailureAt: null,
      lastFailureReason: null,
      lastFailureCode: null,
      offsite: { state: 'off', archive: null, lastCopiedAt: null, attempts: 0, nextAttemptAt: null, reason: null, code: null },
    });
    expect(await healthz()).toBe('none');

    // BACKUP_DIR where a file is: the archive cannot be written.
    await mkdir(path.dirname(settings.backupDir), { recursive: true });
    await writeFile(settings.backupDir, 'not a folder');
    const job = startBackupSchedule(test.app)!;
    cleanups.push(async () => job.stop());
    await job.runNow();
    const failed = await banner();
    // In its kind too, which the console says in words (src/views/shared/backup-texts.ts).
    expect(failed).toMatchObject({ state: 'failed', lastSuccessAt: null, lastFailureAt: expect.any(String), lastFailureReason: expect.stringMatching(/^(EEXIST|ENOTDIR)\b/), lastFailureCode: 'notAFolder' });
    expect(await healthz()).toBe('failed');
    expect(lines.find((line) => line.msg === 'backup failed')).toMatchObject({ level: 50, reason: failed.lastFailureReason });

    await rm(settings.backupDir);
    for (let run = 0; run < 3; run += 1) await job.runNow();
    const ok = await banner();
    expect(ok).toMatchObject({ state: 'ok', lastSuccessArchive: expect.stringMatching(/^site-backup-/), lastFailureReason: failed.lastFailureReason });
    expect(await healthz()).toBe('ok');
    // Three made in a few seconds, BACKUP_KEEP=2.
    expect((await readdir(settings.backupDir)).filter((name) => name.endsWith('.zip'))).toHaveLength(2);
  });
});
