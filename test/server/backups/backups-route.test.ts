import { mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { is } from 'superstruct';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_STALE_MS, takeBackupLock } from '../../../server/operations/backup-lock.ts';
import { BACKUPS_ERROR, BACKUPS_ROUTE, BackupsStruct, StartedStruct, archivePath, type Backups } from '../../../src/validation/backups/backups.protocol.ts';
import { CONSOLE_API } from '../../../src/validation/console/console-api.ts';
import { addPerson, consoleHeaders, expectConsoleRefusals, type TestPerson } from '../helpers/console-people.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTestDatabase, testDialect } from '../helpers/test-db.ts';
import { waitFor } from '../helpers/wait-for.ts';

/*
 * The console's Backups page on the server (server/backups/backups.route.ts; README.md, "Backups
 * and restore"): owners only, every refusal; "Back up now" starts one backup and answers at once,
 * the page following its progress to the archive; never two at once, however many ask (the lock
 * is a row of the database every process shares); a download streams exactly the archive, as an
 * attachment, recorded in the audit log, and nothing else of the disk (no path, no link); a
 * failure is answered in its kind and the system's message; a backup whose process died is
 * recorded as interrupted.
 */

let test: TestApp;
let owner: TestPerson;
let staff: TestPerson;
let backupDir: string;
let data: string;

beforeAll(async () => {
  const database = await createTestDatabase();
  data = await mkdtemp(path.join(tmpdir(), 'site-backups-route-'));
  backupDir = path.join(data, 'backups');
  test = await createTestApp({ DATABASE_URL: database.url, BACKUP_DIR: backupDir, BACKUP_SCHEDULE: '02:00,14:30', BACKUP_KEEP: '3' }, { database });
  owner = await addPerson(test.app, { email: 'owner@example.co.za', role: 'owner' });
  staff = await addPerson(test.app, { email: 'staff@example.co.za', role: 'staff' });
});
afterAll(async () => {
  await test.cleanup();
  await test.database.cleanup();
  await rm(data, { recursive: true, force: true });
});
afterEach(async () => {
  await waitFor('no backup running', async () => (await test.app.db.selectFrom('backup_lock').select('name').executeTakeFirst()) === undefined);
});

const url = (route: string) => `${CONSOLE_API}${route}`;

async function page(): Promise<Backups> {
  const response = await test.app.inject({ url: url(BACKUPS_ROUTE.backups), headers: consoleHeaders(test.app, owner.cookie) });
  expect(response.statusCode, response.body).toBe(200);
  const body: unknown = response.json();
  expect(is(body, BackupsStruct)).toBe(true);
  return response.json<Backups>();
}

const backUpNow = () => test.app.inject({ method: 'POST', url: url(BACKUPS_ROUTE.run), headers: { ...consoleHeaders(test.app, owner.cookie), 'content-type': 'application/json' }, payload: '{}' });

/** Polls the page as the console does until no job runs. */
const settled = () => waitFor('the backup to end', async () => {
  const answer = await page();
  return answer.running === null ? answer : undefined;
});

describe(`the Backups page's routes on ${testDialect}`, () => {
  it('refuses what every console route refuses, and staff', async () => {
    for (const route of [
      { method: 'GET' as const, url: url(BACKUPS_ROUTE.backups) },
      { method: 'POST' as const, url: url(BACKUPS_ROUTE.run), body: {} },
      { method: 'POST' as const, url: url(BACKUPS_ROUTE.copy), body: { archive: 'site-backup-2026-11-27T000000Z.zip' } },
      { method: 'GET' as const, url: url(archivePath('site-backup-2026-11-27T000000Z.zip')) },
    ]) {
      await expectConsoleRefusals(test.app, { ...route, role: 'owner' }, { owner, staff });
    }
    // Nothing was started by any refused request.
    expect(await test.app.db.selectFrom('backup_runs').select('id').execute()).toEqual([]);
  });

  it('answers the schedule, no runs and no archives before the first backup', async () => {
    const answer = await page();
    expect(answer).toMatchObject({ schedule: { times: ['02:00', '14:30'], keep: 3 }, folder: backupDir, offsite: { configured: false, where: null }, running: null, lastRun: null, archives: [] });
    expect(Date.parse(answer.schedule.nextAt!)).toBeGreaterThan(Date.now());
  });

  it('backs up now: answers at once with the job running, then the archive kept, downloadable, and the audit log says who', async () => {
    const started = await backUpNow();
    expect(started.statusCode, started.body).toBe(202);
    const body: unknown = started.json();
    expect(is(body, StartedStruct)).toBe(true);
    expect(started.json()).toMatchObject({ started: true, backups: { running: { kind: 'backup', trigger: 'console', phase: expect.stringMatching(/^(database|archiving)$/) } } });

    const after = await settled();
    expect(after.lastRun).toMatchObject({ status: 'ok', trigger: 'console', archive: expect.stringMatching(/^site-backup-/), failure: null });
    expect(after.archives).toHaveLength(1);
    expect(after.archives[0]).toMatchObject({ name: after.lastRun!.archive, bytes: after.lastRun!.bytes, copy: { state: 'off' } });

    const name = after.archives[0]!.name;
    const download = await test.app.inject({ url: url(archivePath(name)), headers: { cookie: owner.cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
    expect(download.headers['cache-control']).toBe('no-store');
    expect(download.rawPayload.equals(await readFile(path.join(backupDir, name)))).toBe(true);

    const audit = await test.app.db.selectFrom('console_audit').select(['action', 'actor', 'subject']).where('action', 'like', 'backup-%').orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'backup-run', actor: owner.email, subject: 'backup' },
      { action: 'backup-download', actor: owner.email, subject: name },
    ]);
  });

  it('never runs two at once: a second "Back up now" while one runs answers the running one, and of many at once one starts', async () => {
    // Another process's backup (the schedule, on another server) holds the lock.
    const { lock } = await takeBackupLock(test.app.db, { kind: 'backup', trigger: 'schedule', phase: 'database' });
    expect(lock).not.toBeNull();
    const busy = await backUpNow();
    expect(busy.statusCode).toBe(200);
    expect(busy.json()).toMatchObject({ started: false, backups: { running: { kind: 'backup', trigger: 'schedule', phase: 'database' } } });
    await lock!.release();

    const runsBefore = (await test.app.db.selectFrom('backup_runs').select('id').execute()).length;
    const answers = await Promise.all(Array.from({ length: 5 }, () => backUpNow()));
    expect(answers.filter((answer) => answer.statusCode === 202)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 200).every((answer) => answer.json<{ started: boolean }>().started === false)).toBe(true);
    await settled();
    expect(await test.app.db.selectFrom('backup_runs').select('id').execute()).toHaveLength(runsBefore + 1);
  });

  it('downloads nothing but an archive of BACKUP_DIR: no other name, no path out of it, no link', async () => {
    await mkdir(backupDir, { recursive: true });
    const secret = path.join(data, 'secret.zip');
    await writeFile(secret, 'not for download');
    await symlink(secret, path.join(backupDir, 'site-backup-2020-01-01T000000Z.zip'));
    await writeFile(path.join(backupDir, 'before-upgrade.zip'), 'an operator\'s own file');
    const refusedNames = ['site-backup-2020-01-01T000000Z.zip', 'before-upgrade.zip', '..%2Fsecret.zip', '..%2F..%2Fetc%2Fpasswd', 'site-backup-2026-11-27T000000Z.zip', 'site-backup-2026-11-27T000000Z.zip%00.txt'];
    for (const name of refusedNames) {
      const response = await test.app.inject({ url: `${url(BACKUPS_ROUTE.backups)}/archives/${name}`, headers: { cookie: owner.cookie } });
      expect(response.statusCode, name).toBe(404);
      expect(response.json()).toMatchObject({ code: BACKUPS_ERROR.noSuchArchive });
    }
    // The link is not listed as an archive kept either.
    expect((await page()).archives.map((archive) => archive.name)).not.toContain('site-backup-2020-01-01T000000Z.zip');
    await rm(path.join(backupDir, 'site-backup-2020-01-01T000000Z.zip'));
    await rm(path.join(backupDir, 'before-upgrade.zip'));
    // None of them is recorded as downloaded (by name: a real backup made at 20:20 has "2020" in its own).
    const downloaded = await test.app.db.selectFrom('console_audit').select('subject').where('action', '=', 'backup-download').execute();
    expect(downloaded.filter((entry) => refusedNames.some((name) => entry.subject.includes(decodeURIComponent(name).replace(/\0.*$/, ''))))).toEqual([]);
  });

  it('refuses "Copy again" with no off-site storage configured', async () => {
    const [kept] = (await page()).archives;
    const response = await test.app.inject({ method: 'POST', url: url(BACKUPS_ROUTE.copy), headers: { ...consoleHeaders(test.app, owner.cookie), 'content-type': 'application/json' }, payload: JSON.stringify({ archive: kept!.name }) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: BACKUPS_ERROR.offsiteOff });
  });

  it('answers a failure in its kind with the system\'s message: BACKUP_DIR where a file is', async () => {
    const saved = path.join(data, 'saved-backups');
    await rm(saved, { recursive: true, force: true });
    await import('node:fs/promises').then((fs) => fs.rename(backupDir, saved));
    await writeFile(backupDir, 'a file where the folder should be');
    try {
      expect((await backUpNow()).statusCode).toBe(202);
      const after = await settled();
      expect(after.lastRun).toMatchObject({ status: 'failed', trigger: 'console', archive: null, failure: { code: 'notAFolder', raw: expect.stringMatching(/^(EEXIST|ENOTDIR)\b/) } });
      expect(after.archives).toEqual([]);
    } finally {
      await rm(backupDir, { force: true });
      await import('node:fs/promises').then((fs) => fs.rename(saved, backupDir));
    }
  });

  it('records a backup whose process died (its lock not beaten for two minutes) as interrupted, and no longer shows it running', async () => {
    const long = new Date(Date.now() - LOCK_STALE_MS - 60_000).toISOString();
    await test.app.db
      .insertInto('backup_lock')
      .values({ name: 'backup', token: 'dead', kind: 'backup', trigger: 'schedule', archive: null, machine: 'web-2', started_at: long, heartbeat_at: long, phase: 'archiving', done_bytes: 10, total_bytes: 100 })
      .execute();
    const answer = await page();
    expect(answer.running).toBeNull();
    expect(answer.lastRun).toMatchObject({ status: 'failed', trigger: 'schedule', startedAt: long, failure: { code: 'interrupted', raw: expect.stringContaining('on web-2 stopped before it finished') } });
    // And the lock is free again.
    expect((await backUpNow()).statusCode).toBe(202);
    await settled();
    expect(await readdir(backupDir)).toHaveLength(3);
  });
});
