import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveUrl, readBackups, startBackup, startCopy } from '../../../src/services/backups/backups.client.ts';
import { ConsoleApiError, createConsoleApi } from '../../../src/services/shared/console-api.client.ts';
import { BACKUPS_ERROR } from '../../../src/validation/backups/backups.protocol.ts';
import { CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import { addPerson, type TestPerson } from '../helpers/console-people.ts';
import { injectingFetch } from '../helpers/injecting-fetch.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTestDatabase, testDialect } from '../helpers/test-db.ts';
import { waitFor } from '../helpers/wait-for.ts';

/*
 * The Backups page's browser client (src/services/backups/backups.client.ts) against the real
 * routes: every answer passes the protocol's structs, a backup started is followed to its
 * archive, the archive's address downloads it, and the refusals arrive as ConsoleApiError with
 * the server's code (staff, no storage configured).
 */

const SITE = 'https://www.example.co.za';
let test: TestApp;
let owner: TestPerson;
let staff: TestPerson;
let data: string;

beforeAll(async () => {
  const database = await createTestDatabase();
  data = await mkdtemp(path.join(tmpdir(), 'site-backups-client-'));
  test = await createTestApp({ SITE_URL: SITE, DATABASE_URL: database.url, BACKUP_DIR: path.join(data, 'backups') }, { database });
  owner = await addPerson(test.app, { email: 'owner@example.co.za', role: 'owner' });
  staff = await addPerson(test.app, { email: 'staff@example.co.za', role: 'staff' });
});
afterAll(async () => {
  await test.cleanup();
  await test.database.cleanup();
  await rm(data, { recursive: true, force: true });
});

describe(`the Backups page's client against the server on ${testDialect}`, () => {
  it('starts a backup, follows it to its archive and downloads it; staff and a copy with no storage are refused with their codes', async () => {
    const fetch = injectingFetch(test.app, owner);
    const api = createConsoleApi({ baseUrl: SITE, fetch });
    expect((await readBackups(api)).archives).toEqual([]);
    const started = await startBackup(api);
    expect(started.started).toBe(true);
    expect(started.backups.running).toMatchObject({ kind: 'backup', trigger: 'console' });
    const done = await waitFor('the archive', async () => {
      const backups = await readBackups(api);
      return backups.running === null ? backups : undefined;
    });
    const [archive] = done.archives;
    expect(archive).toMatchObject({ copy: { state: 'off' } });

    const download = await fetch(archiveUrl(api, archive!.name));
    expect(download.status).toBe(200);
    expect((await download.arrayBuffer()).byteLength).toBe(archive!.bytes);

    const copy = await startCopy(api, archive!.name).catch((error: unknown) => error);
    expect(copy).toBeInstanceOf(ConsoleApiError);
    expect(copy).toMatchObject({ code: BACKUPS_ERROR.offsiteOff, status: 409 });

    const refused = await readBackups(createConsoleApi({ baseUrl: SITE, fetch: injectingFetch(test.app, staff) })).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: CONSOLE_REFUSAL.wrongRole, status: 403 });
  });
});
