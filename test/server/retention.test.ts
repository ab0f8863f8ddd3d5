import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startScheduledJobs } from '../../server/jobs/scheduled-jobs.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDialect } from './helpers/test-db.ts';

/*
 * Retention (README.md, "Configuration": the *_RETAIN_DAYS rows): the jobs process's run deletes what has outlived its
 * period (server/privacy/retention.ts) and keeps what has not. Each case fails without its job:
 * nothing else deletes these rows.
 */

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const DAY_MS = 24 * 3_600_000;
const now = Date.parse('2026-06-01T12:00:00.000Z');
const ago = (days: number) => new Date(now - days * DAY_MS).toISOString();

/** Every log line the app writes, parsed. */
const logged: Array<Record<string, unknown>> = [];

async function appWith(env: Record<string, string> = {}): Promise<TestApp> {
  logged.length = 0;
  const stream = { write: (line: string) => void logged.push(JSON.parse(line) as Record<string, unknown>) };
  const test = await createTestApp(env, { now: () => now, logger: { level: 'info', stream } });
  cleanups.push(() => test.cleanup());
  await test.app.ready();
  return test;
}

async function runJobs(test: TestApp): Promise<void> {
  const jobs = startScheduledJobs(test.app, { firstRunDelayMs: 600_000 });
  cleanups.push(() => jobs.stop());
  await jobs.runNow();
}

async function message(test: TestApp, daysAgo: number, { spam = false, file = false, mailWaiting = false } = {}): Promise<{ id: number; file: string | null }> {
  const { db } = test.database;
  const row = await db
    .insertInto('submissions')
    .values({ form_id: '7', status: spam ? 'spam' : 'mail_sent', posted_data: '{"your-email":"visitor@example.org"}', posted_data_hash: 'h', remote_ip_hash: null, user_agent: null, created_at: ago(daysAgo), spam: spam ? 1 : 0, spam_reason: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('submission_index').values({ submission_id: row.id, name: 'V', email: 'visitor@example.org', company: '', subject: 's', message: 'm' }).execute();
  let stored: string | null = null;
  if (file) {
    const name = `${String(row.id).padStart(32, 'a').slice(-32)}.pdf`;
    await mkdir(test.uploadDir, { recursive: true });
    stored = join(test.uploadDir, name);
    await writeFile(stored, '%PDF-1.7');
    await db.insertInto('submission_files').values({ submission_id: row.id, field: 'file', stored_name: name, original_name: 'cv.pdf', media_type: 'application/pdf', size: 8, created_at: ago(daysAgo) }).execute();
  }
  if (mailWaiting) {
    await db.insertInto('outbox').values({ submission_id: row.id, to_address: '', reply_to: 'visitor@example.org', subject: 's', body: 'b', next_attempt_at: ago(daysAgo), delivered_at: null, failed_at: null, last_error: null, created_at: ago(daysAgo), request: null, response_status: null }).execute();
  }
  return { id: row.id, file: stored };
}

const idsOf = async (test: TestApp) => (await test.database.db.selectFrom('submissions').select('id').orderBy('id').execute()).map((row) => row.id);

describe(`retention on ${testDialect}`, () => {
  it('deletes messages older than SUBMISSION_RETAIN_DAYS with their files, index rows and waiting mail, and spam older than SPAM_RETAIN_DAYS', async () => {
    const test = await appWith({ SUBMISSION_RETAIN_DAYS: '365', SPAM_RETAIN_DAYS: '30', UPLOAD_RETAIN_DAYS: '1000' });
    const old = await message(test, 400, { file: true, mailWaiting: true });
    const young = await message(test, 100, { file: true });
    const oldSpam = await message(test, 31, { spam: true });
    const youngSpam = await message(test, 29, { spam: true });
    const { db } = test.database;

    await runJobs(test);

    expect(await idsOf(test)).toEqual([young.id, youngSpam.id]);
    expect(existsSync(old.file!)).toBe(false);
    expect(existsSync(young.file!)).toBe(true);
    expect((await db.selectFrom('submission_index').select('submission_id').orderBy('submission_id').execute()).map((row) => row.submission_id)).toEqual([young.id, youngSpam.id]);
    expect(await db.selectFrom('outbox').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('submission_files').select('submission_id').execute()).toEqual([{ submission_id: young.id }]);
    expect(oldSpam.id).not.toBe(youngSpam.id);
    expect(logged.find((line) => line.msg === 'old messages deleted')).toMatchObject({ messages: 1, spam: 1, files: 1, retainDays: 365, spamRetainDays: 30 });
    expect(JSON.stringify(logged)).not.toContain('visitor@example.org');
  });

  it("empties a delivered mail's visitor's words and address after MAIL_BODY_RETAIN_DAYS, keeps the message and its delivery, and deletes delivered API and Brevo requests", async () => {
    const test = await appWith({ MAIL_BODY_RETAIN_DAYS: '30' });
    const kept = await message(test, 40);
    const { db } = test.database;
    const row = (deliveredDaysAgo: number | null, channel: 'mail' | 'http' | 'brevo' = 'mail') => ({
      submission_id: channel === 'brevo' ? null : kept.id,
      channel,
      to_address: channel === 'brevo' ? 'visitor@example.org' : 'office@example.com',
      reply_to: channel === 'mail' ? 'visitor@example.org' : null,
      subject: 'Enquiry from visitor@example.org',
      body: 'Hello, I am the visitor',
      headers: '{"X-Note":"visitor@example.org"}',
      attachments: '[{"storedName":"x","filename":"visitor-cv.pdf","contentType":"application/pdf","size":1}]',
      request: channel === 'mail' ? null : '{"body":"visitor@example.org"}',
      order_key: channel === 'brevo' ? 'brevo:visitor@example.org' : null,
      next_attempt_at: ago(45),
      created_at: ago(45),
      delivered_at: deliveredDaysAgo === null ? null : ago(deliveredDaysAgo),
      failed_at: null,
      last_error: null,
      response_status: null,
    });
    await db.insertInto('outbox').values([row(31), row(29), row(null), row(31, 'http'), row(31, 'brevo'), row(29, 'brevo')]).execute();

    await runJobs(test);

    const rows = await db.selectFrom('outbox').selectAll().orderBy('id').execute();
    expect(rows.map((r) => [r.channel, r.delivered_at])).toEqual([
      ['mail', ago(31)],
      ['mail', ago(29)],
      ['mail', null],
      ['brevo', ago(29)],
    ]);
    const [cleared, recent, waiting] = rows;
    expect(cleared).toMatchObject({ submission_id: kept.id, to_address: '', reply_to: null, subject: '', body: '', headers: '{}', attachments: '[]', delivered_at: ago(31) });
    expect(recent).toMatchObject({ reply_to: 'visitor@example.org', body: 'Hello, I am the visitor' });
    expect(waiting).toMatchObject({ reply_to: 'visitor@example.org', body: 'Hello, I am the visitor' });
    expect(await idsOf(test)).toEqual([kept.id]);
    expect(logged.find((line) => line.msg === 'delivered mail cleared')).toMatchObject({ mailCleared: 1, requestsDeleted: 2, retainDays: 30 });
    expect(JSON.stringify(logged)).not.toContain('visitor@example.org');
  });

  it('deletes sign-ups never confirmed after UNCONFIRMED_SIGN_UP_RETAIN_DAYS with their consents and confirmation mail, and drops a change never confirmed', async () => {
    const test = await appWith({ UNCONFIRMED_SIGN_UP_RETAIN_DAYS: '30' });
    const { db } = test.database;
    const subscriber = async (email: string, status: 'pending' | 'subscribed', daysAgo: number, pendingChange: string | null = null) => {
      const { id } = await db
        .insertInto('newsletter_subscribers')
        .values({ email, status, lists: '[1]', sms: null, attributes: '{"FIRSTNAME":"Someone"}', dates: '{}', form_id: 1, created_at: ago(daysAgo), updated_at: ago(daysAgo), confirmed_at: status === 'subscribed' ? ago(400) : null, unsubscribed_at: null, confirmation_sent_at: ago(daysAgo), pending_change: pendingChange })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('newsletter_consents').values({ subscriber_id: id, action: 'subscribe', form_id: 1, wording: 'Yes', lists: '[1]', ip_hash: null, user_agent: null, created_at: ago(daysAgo) }).execute();
      await db.insertInto('outbox').values({ submission_id: null, to_address: email, reply_to: null, subject: 'Confirm', body: 'link', next_attempt_at: ago(daysAgo), created_at: ago(daysAgo), delivered_at: ago(daysAgo), failed_at: null, last_error: null, request: null, response_status: null }).execute();
      return id;
    };
    await subscriber('stale@example.org', 'pending', 31);
    const fresh = await subscriber('fresh@example.org', 'pending', 29);
    const changed = await subscriber('changed@example.org', 'subscribed', 31, '{"key":"k","lists":[2],"formId":1,"wording":"Yes"}');
    const waiting = await subscriber('waiting@example.org', 'subscribed', 29, '{"key":"k","lists":[2],"formId":1,"wording":"Yes"}');

    await runJobs(test);

    const left = await db.selectFrom('newsletter_subscribers').select(['id', 'email', 'pending_change']).orderBy('id').execute();
    expect(left.map((row) => [row.id, row.pending_change === null])).toEqual([
      [fresh, true],
      [changed, true],
      [waiting, false],
    ]);
    expect((await db.selectFrom('newsletter_consents').select('subscriber_id').orderBy('subscriber_id').execute()).map((row) => row.subscriber_id)).toEqual([fresh, changed, waiting]);
    const mailed = (await db.selectFrom('outbox').select('to_address').where('to_address', 'like', '%@example.org').execute()).map((row) => row.to_address);
    expect(mailed).not.toContain('stale@example.org');
    expect(mailed).toContain('fresh@example.org');
    expect(logged.find((line) => line.msg === 'unconfirmed sign-ups deleted')).toMatchObject({ signUps: 1, changesDropped: 1, retainDays: 30 });
    expect(JSON.stringify(logged)).not.toContain('@example.org');
  });

  it('sweeps expired captchas, human tests and ceremonies, and console sessions and invitations a month after they ended', async () => {
    const test = await appWith();
    const { db } = test.database;
    await db.insertInto('captchas').values([{ id: '1', answer_hash: 'a', svg: '<svg/>', expires_at: ago(1) }, { id: '2', answer_hash: 'a', svg: '<svg/>', expires_at: ago(-1) }]).execute();
    await db.insertInto('human_test_spent').values([{ id: 'old', expires_at: ago(1) }, { id: 'live', expires_at: ago(-1) }]).execute();
    await db.insertInto('console_challenges').values([{ id_hash: 'old', purpose: 'sign-in', challenge: 'c', person_id: null, expires_at: ago(1) }, { id_hash: 'live', purpose: 'sign-in', challenge: 'c', person_id: null, expires_at: ago(-1) }]).execute();
    const { id: person } = await db.insertInto('console_people').values({ email: 'owner@example.com', role: 'owner', user_handle: 'h', created_at: ago(100), revoked_at: null }).returning('id').executeTakeFirstOrThrow();
    const session = (hash: string, days: number) => ({ id_hash: hash, person_id: person, created_at: ago(days), last_seen_at: ago(days), expires_at: ago(days - 0.5), ended_at: null, user_agent: 'Browser' });
    await db.insertInto('console_sessions').values([session('old', 31), session('recent', 29)]).execute();
    const invitation = (hash: string, days: number) => ({ person_id: person, token_hash: hash, invited_by: null, created_at: ago(days + 7), expires_at: ago(days), used_at: null });
    await db.insertInto('console_invitations').values([invitation('old', 31), invitation('recent', 29)]).execute();

    await runJobs(test);

    expect(await db.selectFrom('captchas').select('id').execute()).toEqual([{ id: '2' }]);
    expect(await db.selectFrom('human_test_spent').select('id').execute()).toEqual([{ id: 'live' }]);
    expect(await db.selectFrom('console_challenges').select('id_hash').execute()).toEqual([{ id_hash: 'live' }]);
    expect(await db.selectFrom('console_sessions').select('id_hash').execute()).toEqual([{ id_hash: 'recent' }]);
    expect(await db.selectFrom('console_invitations').select('token_hash').execute()).toEqual([{ token_hash: 'recent' }]);
  });
});
