import { afterEach, describe, expect, it } from 'vitest';
import { assert } from 'superstruct';
import { CONSOLE_API } from '../../../src/validation/console/console-api.ts';
import { RetryAnswerStruct } from '../../../src/validation/inbox/inbox.protocol.ts';
import { startMailDelivery } from '../../../server/mail/start-mail-delivery.ts';
import type { OutboxWorker } from '../../../server/mail/outbox-worker.ts';
import { addPerson, consoleHeaders, expectConsoleRefusals, type TestPerson } from '../helpers/console-people.ts';
import { answerOf, postFeedback } from '../helpers/multipart.ts';
import { freePort } from '../helpers/server-process.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';
import { validContactFields } from '../helpers/test-forms.ts';
import { waitFor } from '../helpers/wait-for.ts';

/*
 * "Try again now" answers what happened (README.md, "Mail health"; it answered nothing before):
 * with the outbox's worker running against a real SMTP server, the message's mail is tried at
 * once and the answer says delivered, or the mail server's own answer: the login refused, the
 * server down, its certificate refused. Without MAIL_TO the company's copy has no recipient, and that is the answer.
 */

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Site {
  test: TestApp;
  staff: TestPerson;
  owner: TestPerson;
  /** A message sent through the contact form, its first attempt over: answers its id. */
  message(): Promise<number>;
  retry(id: number): Promise<{ statusCode: number; json(): unknown }>;
}

async function site(env: Record<string, string>, attempted: (row: { delivered_at: string | null; last_error: string | null }) => boolean): Promise<Site> {
  const test = await createTestApp({ SITE_URL: 'https://www.example.co.za', ...env });
  cleanups.push(() => test.cleanup());
  // Woken by each submission and each "Try again now"; its own polls too rare to matter here.
  const worker: OutboxWorker | null = startMailDelivery(test.app, { pollMs: 60_000 });
  cleanups.push(async () => worker?.stop());
  const staff = await addPerson(test.app, { email: 'staff@example.co.za', role: 'staff' });
  const owner = await addPerson(test.app, { email: 'owner@example.co.za', role: 'owner' });
  return {
    test,
    staff,
    owner,
    async message() {
      expect(answerOf(await postFeedback(test.app, 5, validContactFields())).status).toBe('mail_sent');
      const { id } = await test.app.db.selectFrom('submissions').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
      await waitFor('the first attempt', async () => {
        const rows = await test.app.db.selectFrom('outbox').select(['delivered_at', 'last_error']).where('submission_id', '=', id).execute();
        return rows.length > 0 && rows.every(attempted);
      });
      return id;
    },
    retry: async (id) =>
      await test.app.inject({ method: 'POST', url: `${CONSOLE_API}/messages/${id}/retry`, headers: { ...consoleHeaders(test.app, staff.cookie), 'content-type': 'application/json' }, payload: '{}' }),
  };
}

const failed = (row: { last_error: string | null }) => row.last_error !== null;

describe(`"Try again now" with a real SMTP server on ${testDialect}`, () => {
  it('says the mail server refused the login, with its answer, and then that the mail went out once the login works', async () => {
    const smtp: SmtpSink = await startSmtpSink(0, { login: { user: 'site', pass: 'right-password', accepted: false } });
    cleanups.push(() => smtp.close());
    const { message, retry, test, owner, staff } = await site({ SMTP_URL: smtp.url, MAIL_TO: 'sales@example.co.za' }, failed);
    const id = await message();

    const refused = await retry(id);
    expect(refused.statusCode).toBe(200);
    const answer = refused.json();
    assert(answer, RetryAnswerStruct);
    expect(answer.retry).toMatchObject({ outcome: 'failed', delivered: 0, reason: 'login', smtpAnswer: expect.stringMatching(/535/), held: false });
    expect(answer.message.delivery).toMatchObject({ state: 'queued', lastError: expect.stringMatching(/535/) });

    smtp.acceptLogin(true);
    const sent = (await retry(id)).json();
    assert(sent, RetryAnswerStruct);
    expect(sent.retry).toEqual({ outcome: 'delivered', delivered: 1 });
    expect(sent.message.delivery.state).toBe('sent');
    expect(smtp.received).toHaveLength(1);
    // Every console route's checks.
    await expectConsoleRefusals(test.app, { method: 'POST', url: `${CONSOLE_API}/messages/${id}/retry`, role: 'staff', body: {} }, { owner, staff });
  });

  it('says the mail server cannot be reached when nothing listens at SMTP_URL', async () => {
    const port = await freePort();
    const { message, retry } = await site({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_TO: 'sales@example.co.za' }, failed);
    const id = await message();
    const answer = (await retry(id)).json();
    assert(answer, RetryAnswerStruct);
    expect(answer.retry).toMatchObject({ outcome: 'failed', reason: 'connection', smtpAnswer: expect.stringMatching(/ECONNREFUSED/), held: false, nextAttemptAt: expect.any(String) });
  });

  it('says the mail server’s certificate was not accepted (a self-signed one)', async () => {
    const smtp = await startSmtpSink(0, { secure: true });
    cleanups.push(() => smtp.close());
    const { message, retry } = await site({ SMTP_URL: smtp.url, MAIL_TO: 'sales@example.co.za' }, failed);
    const id = await message();
    const answer = (await retry(id)).json();
    assert(answer, RetryAnswerStruct);
    expect(answer.retry).toMatchObject({ outcome: 'failed', reason: 'certificate', smtpAnswer: expect.stringMatching(/certificate/) });
    expect(smtp.received).toHaveLength(0);
  });

  it('says the company’s copy has no recipient without MAIL_TO', async () => {
    const smtp = await startSmtpSink();
    cleanups.push(() => smtp.close());
    const { message, retry } = await site({ SMTP_URL: smtp.url, MAIL_FROM: 'website@example.co.za' }, () => true);
    const id = await message();
    const answer = (await retry(id)).json();
    assert(answer, RetryAnswerStruct);
    expect(answer.retry).toEqual({ outcome: 'noCompanyAddress', variable: 'MAIL_TO' });
    expect(answer.message.delivery.state).toBe('queued');
  });
});
