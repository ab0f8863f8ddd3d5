import { assert } from 'superstruct';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONSOLE_API } from '../../../src/validation/console/console-api.ts';
import { INBOX_ROUTE } from '../../../src/validation/inbox/inbox.protocol.ts';
import { BannerHealthStruct } from '../../../src/validation/shared/backup-health.protocol.ts';
import { enqueueMail } from '../../../server/mail/enqueue-mail.ts';
import { addPerson, consoleHeaders, expectConsoleRefusals } from '../helpers/console-people.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTestDatabase, testDialect } from '../helpers/test-db.ts';

// Mail health (server/mail/mail-health.ts): one named state with its cause, the same in the
// console's banner, the dashboard and /healthz's `mail`.
const SMTP = { SMTP_URL: 'smtp://127.0.0.1:2525', SITE_URL: 'https://www.example.co.za' };

describe(`mail health on ${testDialect}`, () => {
  const NOW = Date.parse('2026-11-26T10:00:00.000Z');
  const URL = `${CONSOLE_API}${INBOX_ROUTE.mailHealth}`;
  const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();
  const started: TestApp[] = [];
  afterAll(async () => {
    for (const test of started) await test.cleanup();
  });

  /** An app configured with `env`, an outbox of `rows` and a staff member's health readers. */
  async function site(env: Record<string, string>) {
    const test = await createTestApp(env, { now: () => NOW });
    started.push(test);
    const staff = await addPerson(test.app, { email: 'staff@example.co.za', role: 'staff' });
    const owner = await addPerson(test.app, { email: 'owner@example.co.za', role: 'owner' });
    return {
      test,
      staff,
      owner,
      async queue(createdMinutesAgo: number, set: { delivered_at?: string; failed_at?: string; last_error?: string; next_attempt_at?: string } = {}, to = 'sales@example.co.za') {
        await enqueueMail(test.app.db, { to, replyTo: null, subject: 'Enquiry', body: 'Hello', createdAt: minutesAgo(createdMinutesAgo) });
        const { id } = await test.app.db.selectFrom('outbox').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
        if (Object.keys(set).length > 0) await test.app.db.updateTable('outbox').set(set).where('id', '=', id).execute();
      },
      async health() {
        const response = await test.app.inject({ url: URL, headers: consoleHeaders(test.app, staff.cookie) });
        expect(response.statusCode).toBe(200);
        const body = response.json();
        assert(body, BannerHealthStruct);
        // The backups' part of the banner: test/server/backup.test.ts; the disks': below; the site's: test/server/site-generations/site-health.test.ts.
        expect(body.backup.state).toBe('none');
        expect(body.disk.state).toBe('ok');
        expect(body.site.state).toBe('live');
        return body.mail;
      },
      async healthz() {
        const response = await test.app.inject({ url: '/healthz' });
        expect(response.statusCode).toBe(200);
        return response.json().mail;
      },
      async clear() {
        await test.app.db.deleteFrom('outbox').execute();
      },
    };
  }

  it('refuses every way a console route must', async () => {
    const { test, owner, staff } = await site({ MAIL_TO: 'sales@example.co.za' });
    await expectConsoleRefusals(test.app, { method: 'GET', url: URL, role: 'staff' }, { owner, staff });
  });

  it('is notConfigured without SMTP_URL, with the mail waiting, and /healthz says so (it said "ok" before)', async () => {
    const mail = await site({});
    await mail.queue(3);
    await mail.queue(1, {}, '');
    expect(await mail.health()).toEqual({ state: 'notConfigured', variable: 'SMTP_URL', companyAddressSet: false, backlog: { waiting: 2, oldestWaitingSince: minutesAgo(3), held: 0 } });
    expect(await mail.healthz()).toBe('notConfigured');
  });

  it('is noCompanyAddress without MAIL_TO: the company’s copies have no recipient', async () => {
    const mail = await site({ ...SMTP, MAIL_FROM: 'website@example.co.za' });
    await mail.queue(30, { delivered_at: minutesAgo(29) }, 'reader@example.co.za');
    await mail.queue(2, {}, '');
    expect(await mail.health()).toEqual({
      state: 'noCompanyAddress',
      variable: 'MAIL_TO',
      withoutRecipient: 1,
      lastDeliveredAt: minutesAgo(29),
      backlog: { waiting: 1, oldestWaitingSince: minutesAgo(2), held: 0 },
    });
    expect(await mail.healthz()).toBe('noCompanyAddress');
  });

  describe('with SMTP_URL and MAIL_TO', () => {
    let mail: Awaited<ReturnType<typeof site>>;
    beforeAll(async () => {
      mail = await site({ ...SMTP, MAIL_TO: 'sales@example.co.za' });
    });
    beforeEach(async () => mail.clear());

    it('is healthy with nothing waiting, delivering with fresh mail waiting, late after 15 minutes', async () => {
      expect(await mail.health()).toEqual({ state: 'healthy', lastDeliveredAt: null, backlog: { waiting: 0, oldestWaitingSince: null, held: 0 } });
      await mail.queue(30, { delivered_at: minutesAgo(29) });
      expect(await mail.health()).toEqual({ state: 'healthy', lastDeliveredAt: minutesAgo(29), backlog: { waiting: 0, oldestWaitingSince: null, held: 0 } });
      expect(await mail.healthz()).toBe('healthy');
      await mail.queue(5);
      expect(await mail.health()).toEqual({ state: 'delivering', late: false, lastDeliveredAt: minutesAgo(29), backlog: { waiting: 1, oldestWaitingSince: minutesAgo(5), held: 0 } });
      await mail.queue(16);
      expect(await mail.health()).toMatchObject({ state: 'delivering', late: true, backlog: { waiting: 2, oldestWaitingSince: minutesAgo(16) } });
      expect(await mail.healthz()).toBe('delivering');
    });

    it('is failing at once when an attempt since the last delivery failed, with the SMTP server’s answer, since when and when it last worked', async () => {
      await mail.queue(60, { delivered_at: minutesAgo(59) });
      await mail.queue(20, { last_error: 'Invalid login: 535 5.7.8 Authentication credentials invalid', next_attempt_at: minutesAgo(-1) });
      await mail.queue(2, { last_error: 'Invalid login: 535 5.7.8 Authentication credentials invalid', next_attempt_at: minutesAgo(-2) });
      expect(await mail.health()).toEqual({
        state: 'failing',
        reason: 'login',
        smtpAnswer: 'Invalid login: 535 5.7.8 Authentication credentials invalid',
        failingSince: minutesAgo(20),
        lastDeliveredAt: minutesAgo(59),
        backlog: { waiting: 2, oldestWaitingSince: minutesAgo(20), held: 0 },
      });
      expect(await mail.healthz()).toBe('failing');
    });

    it('tells the server’s answer by its kind: connection refused, certificate', async () => {
      await mail.queue(2, { last_error: 'connect ECONNREFUSED 127.0.0.1:2525' });
      expect(await mail.health()).toMatchObject({ state: 'failing', reason: 'connection', smtpAnswer: 'connect ECONNREFUSED 127.0.0.1:2525', lastDeliveredAt: null });
      await mail.clear();
      await mail.queue(2, { last_error: 'self-signed certificate' });
      expect(await mail.health()).toMatchObject({ state: 'failing', reason: 'certificate' });
    });

    it('takes a mail failing since before the last delivery as its own trouble, not the server’s: delivering', async () => {
      await mail.queue(40, { last_error: '550 5.1.1 Recipient address rejected', next_attempt_at: minutesAgo(-30) });
      await mail.queue(10, { delivered_at: minutesAgo(9) });
      expect(await mail.health()).toMatchObject({ state: 'delivering', late: true, lastDeliveredAt: minutesAgo(9), backlog: { waiting: 1 } });
      expect(await mail.healthz()).toBe('delivering');
    });

    it('counts mail given up on as a failure until mail is delivered after it; held mail is not waiting', async () => {
      await mail.queue(60 * 24 * 8, { failed_at: minutesAgo(10), last_error: '550 No such mailbox' });
      expect(await mail.health()).toMatchObject({ state: 'failing', reason: 'other', smtpAnswer: '550 No such mailbox', failingSince: minutesAgo(10), backlog: { waiting: 0, held: 1 } });
      await mail.queue(3, { delivered_at: minutesAgo(2) });
      expect(await mail.health()).toEqual({ state: 'healthy', lastDeliveredAt: minutesAgo(2), backlog: { waiting: 0, oldestWaitingSince: null, held: 1 } });
    });
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
