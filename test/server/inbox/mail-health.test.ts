import { assert } from 'superstruct';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONSOLE_API } from '../../../src/validation/console/console-api.ts';
import { INBOX_ROUTE } from '../../../src/validation/inbox/inbox.protocol.ts';
import { BannerHealthStruct } from '../../../src/validation/shared/backup-health.protocol.ts';
import { enqueueMail } from '../../../server/mail/enqueue-mail.ts';
import { addPerson, consoleHeaders, expectConsoleRefusals, type TestPerson } from '../helpers/console-people.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTestDatabase, testDialect } from '../helpers/test-db.ts';

// Mail health (server/mail/mail-health.ts): the console's banner and /healthz's `mail`.
describe(`mail health on ${testDialect}`, () => {
  const NOW = Date.parse('2026-11-26T10:00:00.000Z');
  const URL = `${CONSOLE_API}${INBOX_ROUTE.mailHealth}`;
  let test: TestApp;
  let owner: TestPerson;
  let staff: TestPerson;
  beforeAll(async () => {
    test = await createTestApp({}, { now: () => NOW });
    owner = await addPerson(test.app, { email: 'owner@example.co.za', role: 'owner' });
    staff = await addPerson(test.app, { email: 'staff@example.co.za', role: 'staff' });
  });
  afterAll(() => test.cleanup());
  beforeEach(async () => {
    await test.app.db.deleteFrom('outbox').execute();
  });

  const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();
  async function queue(createdMinutesAgo: number, set: { delivered_at?: string; failed_at?: string; last_error?: string } = {}) {
    await enqueueMail(test.app.db, { to: 'sales@example.co.za', replyTo: null, subject: 'Enquiry', body: 'Hello', createdAt: minutesAgo(createdMinutesAgo) });
    const { id } = await test.app.db.selectFrom('outbox').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    if (Object.keys(set).length > 0) await test.app.db.updateTable('outbox').set(set).where('id', '=', id).execute();
  }
  async function health() {
    const response = await test.app.inject({ url: URL, headers: consoleHeaders(test.app, staff.cookie) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    assert(body, BannerHealthStruct);
    // The backups' part of the banner: test/server/backup.test.ts; the disks': below; the site's: test/server/site-generations/site-health.test.ts.
    const { backup, disk, site, ...mail } = body;
    expect(backup.state).toBe('none');
    expect(disk.state).toBe('ok');
    expect(site.state).toBe('live');
    return mail;
  }
  async function healthz() {
    const response = await test.app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    return response.json().mail;
  }

  it('refuses every way a console route must', async () => {
    await expectConsoleRefusals(test.app, { method: 'GET', url: URL, role: 'staff' }, { owner, staff });
  });

  it('is ok with nothing waiting, and with fresh mail waiting', async () => {
    await queue(30, { delivered_at: minutesAgo(29) });
    expect(await health()).toEqual({ state: 'ok', waiting: 0, oldestWaitingSince: null, lastError: null, lastAttemptAt: minutesAgo(29), lastAttemptFailed: false });
    await queue(5);
    expect(await health()).toMatchObject({ state: 'ok', waiting: 1, oldestWaitingSince: minutesAgo(5) });
    expect(await healthz()).toBe('ok');
  });

  it('is degraded when the oldest waiting mail is older than 15 minutes', async () => {
    await queue(16);
    await queue(1);
    expect(await health()).toMatchObject({ state: 'degraded', waiting: 2, oldestWaitingSince: minutesAgo(16), lastAttemptFailed: false });
    expect(await healthz()).toBe('degraded');
  });

  it('is degraded at once when the last attempt failed, with the SMTP server’s error', async () => {
    await queue(2, { last_error: 'Invalid login: 535 5.7.8 Authentication credentials invalid' });
    expect(await health()).toMatchObject({ state: 'degraded', waiting: 1, lastAttemptFailed: true, lastError: 'Invalid login: 535 5.7.8 Authentication credentials invalid' });
    expect(await healthz()).toBe('degraded');
  });

  it('counts mail given up on as a failure until mail is delivered after it; given-up mail is not waiting', async () => {
    await queue(60 * 24 * 8, { failed_at: minutesAgo(10), last_error: '550 No such mailbox' });
    expect(await health()).toMatchObject({ state: 'degraded', waiting: 0, lastAttemptFailed: true, lastError: '550 No such mailbox', lastAttemptAt: minutesAgo(10) });
    await queue(3, { delivered_at: minutesAgo(2) });
    expect(await health()).toMatchObject({ state: 'ok', lastAttemptFailed: false, lastError: null, lastAttemptAt: minutesAgo(2) });
  });
});

// Disk health (server/operations/disk-space.ts): the banner's `disk`, each file system's free space against its floor.
describe(`the banner's disks on ${testDialect}`, () => {
  it("says which disk is below its floor, with its free space and the floor; on PostgreSQL only the uploads'", async () => {
    const database = await createTestDatabase();
    // Floors above any disk this machine has, as a full disk would be.
    const floor = 1_000_000 * 1024 ** 3;
    const test = await createTestApp({ DATABASE_URL: database.url, DATABASE_MIN_FREE_BYTES: '1000000GB', UPLOAD_MIN_FREE_BYTES: '1000000GB' }, { database });
    try {
      const staff = await addPerson(test.app, { email: 'staff@example.co.za', role: 'staff' });
      const response = await test.app.inject({ url: `${CONSOLE_API}${INBOX_ROUTE.mailHealth}`, headers: consoleHeaders(test.app, staff.cookie) });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      assert(body, BannerHealthStruct);
      const low = { freeBytes: expect.any(Number), minFreeBytes: floor, low: true, unreadable: null };
      expect(body.disk).toEqual({ state: 'low', database: testDialect === 'sqlite' ? low : null, uploads: low });
      expect(body.disk.uploads?.freeBytes).toBeGreaterThan(0);
    } finally {
      await test.cleanup();
      await database.cleanup();
    }
  });
});
