import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/create-database.ts';
import { startBackupSchedule, type BackupScheduleJob } from '../../server/jobs/backup-schedule-job.ts';
import { BACKUPS_ROUTE, type Backups } from '../../src/validation/backups/backups.protocol.ts';
import { CONSOLE_API } from '../../src/validation/console/console-api.ts';
import { INBOX_ROUTE } from '../../src/validation/inbox/inbox.protocol.ts';
import type { BackupHealth } from '../../src/validation/shared/backup-health.protocol.ts';
import { addPerson, consoleHeaders, type TestPerson } from './helpers/console-people.ts';
import { answerOf, postFeedback } from './helpers/multipart.ts';
import { startS3StandIn, STAND_IN_KEY, type S3StandIn } from './helpers/s3-stand-in.ts';
import { runScript } from './helpers/server-process.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { createTestDatabase, testDatabaseUrl, testDialect } from './helpers/test-db.ts';
import { validContactFields } from './helpers/test-forms.ts';

/*
 * Backups copied off the machine (README.md, "Backups and restore"; server/operations/
 * run-backup.ts and offsite-store.ts), against a local S3-compatible server the test starts
 * (test/server/helpers/s3-stand-in.ts) through the client the server uses: every archive is
 * copied and BACKUP_KEEP kept there too; when the storage is down the local backup still
 * succeeds, the copy is recorded as failing (the banner and the Backups page say so, in its
 * kind), tried again when due and copied once the storage is back; a refused key and a missing
 * bucket are said as such; `npm run backup` copies and `npm run restore -- --offsite` restores
 * straight from the storage.
 */

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const MINUTE = 60_000;
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2000), Buffer.from('\n%%EOF\n')]);

async function folder(prefix: string): Promise<string> {
  const made = await mkdtemp(path.join(tmpdir(), prefix));
  cleanups.push(() => rm(made, { recursive: true, force: true }));
  return made;
}

async function standIn(): Promise<S3StandIn> {
  const s3 = await startS3StandIn();
  cleanups.push(() => s3.cleanup());
  return s3;
}

interface Site {
  test: TestApp;
  owner: TestPerson;
  job: BackupScheduleJob;
  backupDir: string;
  clock: { now: number };
  env: Record<string, string>;
}

/** A site with one message and its file, backing up to `s3Url`; its clock moves when the test says. */
async function site(s3Url: string, extra: Record<string, string> = {}): Promise<Site> {
  const database = await createTestDatabase();
  cleanups.push(() => database.cleanup());
  const data = await folder('site-offsite-');
  const backupDir = path.join(data, 'backups');
  const clock = { now: Date.parse('2026-12-05T00:00:00.000Z') };
  // The key file in the site's own folder (the default, beside the working directory's data/, is the developer's).
  const env = { DATABASE_URL: database.url, BACKUP_DIR: backupDir, BACKUP_S3_URL: s3Url, BACKUP_KEEP: '2', ADDRESS_HASH_KEY_FILE: path.join(data, 'address-hash.key'), ...extra };
  const test = await createTestApp(env, { database, now: () => clock.now });
  cleanups.push(() => test.cleanup());
  const owner = await addPerson(test.app, { email: 'owner@example.co.za', role: 'owner' });
  const answer = answerOf(await postFeedback(test.app, 5, { ...validContactFields({ 'your-name': 'Kept Off Site' }), 'your-file': new File([new Uint8Array(PDF)], 'brief.pdf', { type: 'application/pdf' }) }));
  expect(answer.status).toBe('mail_sent');
  const job = startBackupSchedule(test.app)!;
  cleanups.push(async () => job.stop());
  return { test, owner, job, backupDir, clock, env: { ...env, UPLOAD_DIR: test.uploadDir, MEDIA_DIR: path.join(test.uploadDir, 'media') } };
}

async function banner(s: Site): Promise<BackupHealth> {
  const response = await s.test.app.inject({ url: `${CONSOLE_API}${INBOX_ROUTE.mailHealth}`, headers: consoleHeaders(s.test.app, s.owner.cookie) });
  expect(response.statusCode).toBe(200);
  return response.json<{ backup: BackupHealth }>().backup;
}

async function backupsPage(s: Site): Promise<Backups> {
  const response = await s.test.app.inject({ url: `${CONSOLE_API}${BACKUPS_ROUTE.backups}`, headers: consoleHeaders(s.test.app, s.owner.cookie) });
  expect(response.statusCode).toBe(200);
  return response.json<Backups>();
}

const archivesIn = async (dir: string) => (await readdir(dir)).filter((name) => name.endsWith('.zip')).sort();

describe(`off-site copies of backups on ${testDialect}`, () => {
  it('copies each archive to the storage, keeps BACKUP_KEEP there, and leaves every other object alone', async () => {
    const s3 = await standIn();
    const s = await site(s3.url('site'));
    // Someone else's objects in the bucket, one beside the site's folder and one inside it.
    const client = new S3Client({ endpoint: `http://127.0.0.1:${s3.port}`, region: 'auto', forcePathStyle: true, credentials: { accessKeyId: STAND_IN_KEY.id, secretAccessKey: STAND_IN_KEY.secret } });
    cleanups.push(async () => client.destroy());
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'other/site-backup-2020-01-01T000000Z.zip', Body: 'theirs' }));
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'site/notes.txt', Body: 'theirs too' }));

    for (let run = 0; run < 3; run += 1) {
      await s.job.runNow();
      s.clock.now += MINUTE;
    }
    const kept = await archivesIn(s.backupDir);
    expect(kept).toEqual(['site-backup-2026-12-05T000100Z.zip', 'site-backup-2026-12-05T000200Z.zip']);
    expect(await s3.keys()).toEqual(['other/site-backup-2020-01-01T000000Z.zip', 'site/notes.txt', ...kept.map((name) => `site/${name}`)]);
    // The copy is the archive, byte for byte.
    const [newest] = kept.slice(-1);
    expect((await s3.read(`site/${newest}`)).equals(await readFile(path.join(s.backupDir, newest!)))).toBe(true);

    expect((await banner(s)).offsite).toMatchObject({ state: 'ok', archive: newest, attempts: 1, reason: null, code: null });
    const page = await backupsPage(s);
    expect(page.offsite).toMatchObject({ configured: true, where: `${s3.bucket}/site/ at 127.0.0.1:${s3.port}` });
    expect(page.archives.map((archive) => [archive.name, archive.copy.state])).toEqual([
      [newest, 'ok'],
      [kept[0], 'ok'],
    ]);
  });

  it('keeps the backup when the storage is down, says so, tries the copy again when due, and copies it once the storage is back', async () => {
    const s3 = await standIn();
    const s = await site(s3.url());
    await s3.stop();

    await s.job.runNow();
    const [archive] = await archivesIn(s.backupDir);
    expect(archive).toBeDefined();
    const failing = await banner(s);
    // The backup itself succeeded: no failed backup in the banner, its copy failing.
    expect(failing).toMatchObject({ state: 'ok', lastSuccessArchive: archive, lastFailureAt: null });
    expect(failing.offsite).toMatchObject({ state: 'failing', archive, attempts: 1, code: 'offsiteUnreachable', reason: expect.stringContaining('ECONNREFUSED') });
    expect(failing.offsite.nextAttemptAt).toBe(new Date(s.clock.now + 5 * 60_000).toISOString());
    const page = await backupsPage(s);
    expect(page.lastRun).toMatchObject({ status: 'ok', archive, failure: null });
    expect(page.archives[0]!.copy).toMatchObject({ state: 'failing', attempts: 1, failure: { code: 'offsiteUnreachable' } });

    // Not before it is due.
    await s.job.retryCopiesNow();
    expect((await banner(s)).offsite.attempts).toBe(1);
    // Due, and the storage still down: tried, and the wait doubles.
    s.clock.now += 5 * 60_000;
    await s.job.retryCopiesNow();
    expect((await banner(s)).offsite).toMatchObject({ state: 'failing', attempts: 2, nextAttemptAt: new Date(s.clock.now + 10 * 60_000).toISOString() });

    await s3.start();
    s.clock.now += 10 * 60_000;
    await s.job.retryCopiesNow();
    expect((await banner(s)).offsite).toMatchObject({ state: 'ok', archive, attempts: 3, reason: null, code: null, nextAttemptAt: null });
    expect(await s3.keys()).toEqual([archive]);
  });

  it('says a refused key and a missing bucket as such', async () => {
    const s3 = await standIn();
    const refused = await site(s3.url('', { id: 'NOT-A-KEY', secret: 'wrong' }));
    await refused.job.runNow();
    expect((await banner(refused)).offsite).toMatchObject({ state: 'failing', code: 'offsiteCredentials', reason: expect.stringMatching(/InvalidAccessKeyId|403/) });

    const missing = await site(s3.url().replace(`/${s3.bucket}`, '/no-such-bucket'));
    await missing.job.runNow();
    expect((await banner(missing)).offsite).toMatchObject({ state: 'failing', code: 'offsiteNoBucket', reason: expect.stringContaining('NoSuchBucket') });
  });

  it('npm run backup copies the archive; npm run restore -- --offsite lists the storage and restores the newest straight from it', async () => {
    const s3 = await standIn();
    const s = await site(s3.url('site'));
    const backup = runScript('scripts/backup.ts', s.env);
    expect((await backup.exit).code, backup.stderr()).toBe(0);
    const name = /^Backup written: \S+\/(site-backup-\S+\.zip) /.exec(backup.stdout())?.[1];
    expect(backup.stdout()).toContain(`Copied to ${s3.bucket}/site/ at 127.0.0.1:${s3.port}`);
    expect(await s3.keys()).toEqual([`site/${name}`]);

    const target = await folder('site-restore-offsite-');
    const restoreEnv: Record<string, string> = { ...s.env, UPLOAD_DIR: path.join(target, 'uploads'), MEDIA_DIR: path.join(target, 'media'), BACKUP_DIR: path.join(target, 'backups'), ADDRESS_HASH_KEY_FILE: path.join(target, 'address-hash.key') };
    if (testDatabaseUrl === null) restoreEnv.DATABASE_URL = `sqlite:${path.join(target, 'site.db')}`;
    else await dropSchemaOf(s.env.DATABASE_URL!);

    const listed = runScript('scripts/restore.ts', restoreEnv, ['--offsite']);
    expect((await listed.exit).code).toBe(1);
    expect(listed.stderr()).toContain(`restore: which archive? ${s3.bucket}/site/ at 127.0.0.1:${s3.port} holds, newest last:\n  ${name} (`);
    const unknown = runScript('scripts/restore.ts', restoreEnv, ['--offsite', 'site-backup-2020-01-01T000000Z.zip']);
    expect((await unknown.exit).code).toBe(1);
    expect(unknown.stderr()).toMatch(/has no archive "site-backup-2020-01-01T000000Z.zip"/);

    const restore = runScript('scripts/restore.ts', restoreEnv, ['--offsite', 'latest']);
    expect((await restore.exit).code, restore.stderr()).toBe(0);
    expect(restore.stdout()).toMatch(new RegExp(`^Downloaded ${name!.replaceAll('.', '\\.')} from .*\\nRestored ${name!.replaceAll('.', '\\.')} `));
    const db = createDatabase(restoreEnv.DATABASE_URL!);
    try {
      const message = await db.selectFrom('submissions').select('posted_data').executeTakeFirstOrThrow();
      expect(JSON.parse(message.posted_data)['your-name']).toBe('Kept Off Site');
    } finally {
      await db.destroy();
    }
    expect((await readdir(path.join(target, 'uploads'))).length).toBe(1);
    // The download was deleted once restored.
    expect(await readdir(path.join(target, 'backups'))).toEqual([]);
  });

  it('npm run backup keeps the archive when the storage is down, and says the copy failed', async () => {
    const s3 = await standIn();
    const s = await site(s3.url());
    await s3.stop();
    const backup = runScript('scripts/backup.ts', s.env);
    expect((await backup.exit).code).toBe(0);
    expect(backup.stdout()).toMatch(/^Backup written: /);
    expect(backup.stderr()).toMatch(/^The copy to site-backups\/ at 127\.0\.0\.1:\d+ failed: .*ECONNREFUSED.*\. The archive is kept here; the server's jobs process tries the copy again\.\n$/);
    expect(await archivesIn(s.backupDir)).toHaveLength(1);
  });
});

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

