import { afterEach, describe, expect, it } from 'vitest';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { claimDueMessages, renewLease } from '../../server/mail/claim-outbox.ts';
import { startMailDelivery } from '../../server/mail/start-mail-delivery.ts';
import type { OutboxWorker } from '../../server/mail/outbox-worker.ts';
import { listUndelivered } from '../../server/mail/list-undelivered.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/test-db.ts';
import { answerOf, postFeedback } from './helpers/multipart.ts';
import { closedPort } from './helpers/recaptcha-stub.ts';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink.ts';
import { testForms, validContactFields } from './helpers/test-forms.ts';
import { waitFor } from './helpers/wait-for.ts';

/*
 * The outbox against a real SMTP server (smtp-server on a loopback port): delivery, retry
 * after an outage, no loss across a restart of the app, giving up after the last attempt.
 */

const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const FAST_RETRY = { baseDelayMs: 50, maxDelayMs: 200, maxAgeMs: 400 };

async function sink(port?: number): Promise<SmtpSink> {
  const server = await startSmtpSink(port);
  cleanups.push(() => server.close());
  return server;
}

async function app(smtpUrl: string | null, database?: TestDatabase, env: Record<string, string> = {}, now?: () => number): Promise<TestApp> {
  const testApp = await createTestApp(
    { MAIL_TO: 'sales@example.co.za', MAIL_FROM: 'website@example.co.za', ...(smtpUrl === null ? {} : { SMTP_URL: smtpUrl, SITE_URL: 'https://www.example.co.za' }), ...env },
    { forms: testForms, ...(database === undefined ? {} : { database }), ...(now === undefined ? {} : { now }) },
  );
  cleanups.push(() => testApp.cleanup());
  await testApp.app.ready();
  return testApp;
}

function worker(testApp: TestApp): OutboxWorker {
  const started = startMailDelivery(testApp.app, { pollMs: 20, retry: FAST_RETRY });
  if (started === null) throw new Error('no SMTP_URL');
  // Stopped before the app (and its database) closes.
  cleanups.push(() => started.stop());
  return started;
}

async function outboxRow(testApp: TestApp) {
  return testApp.database.db.selectFrom('outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
}

describe(`mail delivery on ${testDialect}`, () => {
  it('delivers a submission over SMTP with Reply-To, subject, body and attachment, and marks it delivered', async () => {
    const smtp = await sink();
    const testApp = await app(smtp.url);
    worker(testApp);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('brief'.repeat(50))]);
    const answer = answerOf(
      await postFeedback(testApp.app, 5, {
        ...validContactFields(),
        'your-file': new File([new Uint8Array(pdf)], 'Site brief.pdf', { type: 'application/pdf' }),
      }),
    );
    expect(answer.status).toBe('mail_sent');

    const mail = await waitFor('delivery', () => smtp.received[0]);
    expect(mail.from).toBe('website@example.co.za');
    expect(mail.to).toEqual(['sales@example.co.za']);
    expect(mail.headers.get('reply-to')).toEqual(['thandi@example.co.za']);
    expect(mail.headers.get('subject')).toEqual(['Website enquiry: LED video walls from Thandi Nkosi']);
    expect(mail.headers.get('from')?.[0]).toContain('<website@example.co.za>');
    expect(mail.headers.get('message-id')?.[0]).toMatch(/^<outbox-\d+-\d+@example\.co\.za>$/);
    expect(mail.raw).toContain('Full name: Thandi Nkosi');
    expect(mail.raw).toMatch(/filename="?Site brief\.pdf"?/);
    expect(mail.raw).toContain(pdf.toString('base64').slice(0, 60));

    const row = await waitFor('delivered_at', async () => {
      const current = await outboxRow(testApp);
      return current.delivered_at !== null && current;
    });
    expect(row).toMatchObject({ attempts: 1, last_error: null, failed_at: null });
    expect(await listUndelivered(testApp.database.db)).toEqual([]);
  });

  it('never lets a field add a header: the injected Bcc is text in the subject, not a recipient', async () => {
    const smtp = await sink();
    const testApp = await app(smtp.url);
    worker(testApp);
    await postFeedback(testApp.app, 5, validContactFields({ 'your-name': 'Eve\r\nBcc: victim@example.com' }));
    const mail = await waitFor('delivery', () => smtp.received[0]);
    expect(mail.to).toEqual(['sales@example.co.za']);
    expect(mail.headers.has('bcc')).toBe(false);
    const head = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n'));
    expect(head).not.toMatch(/^Bcc:/im);
    expect((await outboxRow(testApp)).body).toContain('Full name: Eve Bcc: victim@example.com\n');
    expect(mail.headers.get('subject')).toEqual(['Website enquiry: LED video walls from Eve Bcc: victim@example.com']);
  });

  it('retries after the SMTP server was down and delivers once it is back', async () => {
    const port = await closedPort();
    const testApp = await app(`smtp://127.0.0.1:${port}`);
    worker(testApp);
    expect(answerOf(await postFeedback(testApp.app, 5, validContactFields())).status).toBe('mail_sent');

    const failed = await waitFor('a failed first attempt', async () => {
      const row = await outboxRow(testApp);
      return row.last_error !== null && row;
    });
    expect(failed).toMatchObject({ attempts: 1, delivered_at: null, failed_at: null });
    expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect((await listUndelivered(testApp.database.db))[0]).toMatchObject({ state: 'retrying', attempts: 1 });

    const smtp = await sink(port);
    const mail = await waitFor('delivery after the outage', () => smtp.received[0]);
    expect(mail.headers.get('subject')).toEqual(['Website enquiry: LED video walls from Thandi Nkosi']);
    const delivered = await waitFor('delivered_at', async () => {
      const row = await outboxRow(testApp);
      return row.delivered_at !== null && row;
    });
    expect(delivered.attempts).toBeGreaterThanOrEqual(2);
    expect(delivered.last_error).toBeNull();
    expect(smtp.received).toHaveLength(1);
  });

  it('loses nothing across a restart: acknowledged by one app, delivered by the next on the same database', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.cleanup());

    // The first app acknowledges the message and is closed before any delivery.
    const first = await app(null, database);
    expect(answerOf(await postFeedback(first.app, 5, validContactFields({ 'your-name': 'Before Restart' }))).status).toBe('mail_sent');
    await first.app.close();
    expect(await listUndelivered(database.db)).toMatchObject([{ state: 'pending', subject: 'Website enquiry: LED video walls from Before Restart' }]);

    const smtp = await sink();
    const second = await app(smtp.url, database);
    worker(second);
    const mail = await waitFor('delivery by the restarted app', () => smtp.received[0]);
    expect(mail.headers.get('subject')).toEqual(['Website enquiry: LED video walls from Before Restart']);
    await waitFor('nothing undelivered', async () => (await listUndelivered(database.db)).length === 0);
    expect(smtp.received).toHaveLength(1);
  });

  it('holds the message as failed once it is older than MAIL_MAX_AGE, keeps it and says why', async () => {
    const testApp = await app(`smtp://127.0.0.1:${await closedPort()}`);
    worker(testApp);
    await postFeedback(testApp.app, 5, validContactFields());
    const row = await waitFor('giving up', async () => {
      const current = await outboxRow(testApp);
      return current.failed_at !== null && current;
    });
    expect(row.delivered_at).toBeNull();
    expect(row.attempts).toBeGreaterThanOrEqual(2);
    expect(Date.parse(row.failed_at ?? '') - Date.parse(row.created_at)).toBeGreaterThanOrEqual(FAST_RETRY.maxAgeMs);
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(await listUndelivered(testApp.database.db)).toMatchObject([{ state: 'failed', nextAttemptAt: null }]);
  });

  it('keeps mail stored before MAIL_TO was set until it is, then delivers it there', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.cleanup());
    const before = await createTestApp({}, { forms: testForms, database });
    cleanups.push(() => before.cleanup());
    await before.app.ready();
    expect(answerOf(await postFeedback(before.app, 5, validContactFields())).status).toBe('mail_sent');
    await before.app.close();
    expect((await listUndelivered(database.db))[0]).toMatchObject({ to: '' });

    const smtp = await sink();
    const after = await app(smtp.url, database, { MAIL_TO: 'info@example.co.za' });
    worker(after);
    const mail = await waitFor('delivery to MAIL_TO', () => smtp.received[0]);
    expect(mail.to).toEqual(['info@example.co.za']);
  });

  it('keeps retrying through 36 hours of SMTP refusals, hourly at most, and delivers once SMTP is back', async () => {
    let clock = Date.parse('2026-11-20T17:00:00.000Z'); // a Friday evening
    const port = await closedPort();
    const testApp = await app(`smtp://127.0.0.1:${port}`, undefined, {}, () => clock);
    // A lease of an odd length, so a claimed row (next try = clock + lease) is told apart from
    // one whose failure was recorded (next try = clock + backoff).
    const LEASE_MS = 7_777;
    const started = startMailDelivery(testApp.app, { pollMs: 20, leaseMs: LEASE_MS });
    if (started === null) throw new Error('no SMTP_URL');
    cleanups.push(() => started.stop());
    expect(answerOf(await postFeedback(testApp.app, 5, validContactFields())).status).toBe('mail_sent');
    const sentAt = clock;
    let attempts = 0;
    while (clock - sentAt < 36 * 3_600_000) {
      const failed = await waitFor(`attempt ${attempts + 1}`, async () => {
        const row = await outboxRow(testApp);
        const next = Date.parse(row.next_attempt_at);
        return row.attempts > attempts && row.last_error !== null && next > clock && next !== clock + LEASE_MS && row;
      });
      expect(failed.failed_at).toBeNull();
      attempts = failed.attempts;
      const wait = Date.parse(failed.next_attempt_at) - clock;
      expect(wait).toBeLessThanOrEqual(3_600_000);
      clock += wait;
      started.wake();
    }
    expect(attempts).toBeGreaterThan(36);
    const smtp = await sink(port);
    const mail = await waitFor('delivery after the outage', () => smtp.received[0]);
    expect(mail.headers.get('subject')).toEqual(['Website enquiry: LED video walls from Thandi Nkosi']);
    await waitFor('delivered_at', async () => (await outboxRow(testApp)).delivered_at !== null);
    expect(smtp.received).toHaveLength(1);
  }, 60_000);

  it('sends a message whose attachment file is missing without it, and says so in its body', async () => {
    const smtp = await sink();
    const testApp = await app(smtp.url);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('brief'.repeat(50))]);
    const answer = answerOf(
      await postFeedback(testApp.app, 5, { ...validContactFields(), 'your-file': new File([new Uint8Array(pdf)], 'Site brief.pdf', { type: 'application/pdf' }) }),
    );
    expect(answer.status).toBe('mail_sent');
    const row = await outboxRow(testApp);
    const [attachment] = JSON.parse(row.attachments) as Array<{ storedName: string }>;
    await rm(join(testApp.uploadDir, attachment!.storedName));
    worker(testApp);
    const mail = await waitFor('delivery', () => smtp.received[0]);
    expect(mail.raw).not.toMatch(/filename="?Site brief\.pdf"?/);
    expect(mail.raw).toContain('Not attached: Site brief.pdf.');
    await waitFor('delivered_at', async () => (await outboxRow(testApp)).delivered_at !== null);
  });

  it('does not send a message whose claim ran out and was taken by another worker', async () => {
    const testApp = await app(null);
    await postFeedback(testApp.app, 5, validContactFields());
    const { db } = testApp.database;
    const now = Date.now();
    const [mine] = await claimDueMessages(db, { now, leaseMs: 1, limit: 1, hasDefaultRecipient: true });
    // The lease runs out; another worker claims the message before this one gets to send it.
    const [theirs] = await claimDueMessages(db, { now: now + 10, leaseMs: 60_000, limit: 1, hasDefaultRecipient: true });
    expect(theirs?.id).toBe(mine?.id);
    expect(await renewLease(db, mine!, now + 20, 60_000)).toBeNull();
    expect(await renewLease(db, theirs!, now + 20, 60_000)).toMatchObject({ id: theirs!.id });
  });
});
