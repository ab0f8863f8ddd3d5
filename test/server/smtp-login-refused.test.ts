import { afterEach, describe, expect, it } from 'vitest';
import { readMailHealth } from '../../server/mail/mail-health.ts';
import { DEFAULT_USER_AGENT, multipartBody, type FeedbackAnswerBody } from './helpers/multipart.ts';
import { freePort, startServerProcess, type ServerProcess } from './helpers/server-process.ts';
import { startSmtpSink } from './helpers/smtp-sink.ts';
import { createStaticFixture } from './helpers/static-fixture.ts';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/test-db.ts';
import { validContactFields } from './helpers/test-forms.ts';
import { waitFor } from './helpers/wait-for.ts';

/*
 * The SMTP server refuses the login (README.md, "Faults the server survives"), with the real
 * entry point and a real SMTP server that answers 535: the first failed delivery is logged at
 * error, /healthz says `mail: failing` and the console's banner (mail health) shows the state
 * `failing`, the login refused, with the server's answer at once, not after some retries; the
 * mail waits, and goes once the login is accepted.
 */

const TIMEOUT_MS = 60_000;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface LogLine {
  level: number;
  msg: string;
}

function logLines(server: ServerProcess): LogLine[] {
  return server.stdout().split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as LogLine);
}

describe(`an SMTP server that refuses the login, with the real server on ${testDialect}`, () => {
  it('logs the first failure at error, shows mail failing (the login refused) at once, and delivers once the login works', async () => {
    const database: TestDatabase = await createTestDatabase({ migrate: false });
    const site = await createStaticFixture();
    cleanups.push(() => database.cleanup(), () => site.cleanup());
    const smtp = await startSmtpSink(0, { login: { user: 'site', pass: 'right-password', accepted: false } });
    cleanups.push(() => smtp.close());
    const port = await freePort();
    const server = await startServerProcess(
      {
        DATABASE_URL: database.url,
        STATIC_ROOT: site.root,
        UPLOAD_DIR: `${site.root}-uploads`,
        SMTP_URL: smtp.url,
        SITE_URL: 'http://localhost:8080',
        MAIL_TO: 'sales@example.co.za',
        WEB_CONCURRENCY: '1',
      },
      port,
      TIMEOUT_MS,
    );
    cleanups.push(async () => {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    });
    const base = `http://127.0.0.1:${port}`;

    const { payload, contentType } = await multipartBody(validContactFields({ 'your-name': 'Login Visitor' }));
    const answer = await fetch(`${base}/wp-json/contact-form-7/v1/contact-forms/5/feedback`, {
      method: 'POST',
      headers: { 'content-type': contentType, 'user-agent': DEFAULT_USER_AGENT },
      body: new Uint8Array(payload),
    });
    expect(((await answer.json()) as FeedbackAnswerBody).status).toBe('mail_sent');

    // The first attempt's line is an error, naming the login.
    const first = await waitFor('the first delivery attempt logged', () => logLines(server).find((line) => /^mail deliver/.test(line.msg)), TIMEOUT_MS);
    expect(first).toMatchObject({ level: 50, msg: expect.stringMatching(/refused the login/) });
    expect(JSON.stringify(first)).toContain('535');

    // /healthz and the console's banner say so at once; the server stays in the load balancer.
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', database: 'ok', mail: 'failing', backup: 'none', disk: 'ok', site: 'live' });
    const banner = await readMailHealth(database.db, { smtp: true, companyAddress: true }, Date.now());
    expect(banner).toMatchObject({ state: 'failing', reason: 'login', backlog: { waiting: 1 }, smtpAnswer: expect.stringMatching(/535/) });
    expect(smtp.received).toHaveLength(0);

    // The password is fixed at the mail server; time passes until the retry (a minute at most).
    smtp.acceptLogin(true);
    await database.db.updateTable('outbox').set({ next_attempt_at: new Date().toISOString() }).execute();
    const mail = await waitFor('delivery once the login works', () => smtp.received[0], TIMEOUT_MS);
    expect(mail.headers.get('subject')).toEqual(['Website enquiry: LED video walls from Login Visitor']);
    await waitFor('mail healthy again', async () => ((await (await fetch(`${base}/healthz`)).json()) as { mail: string }).mail === 'healthy', TIMEOUT_MS);
    expect(smtp.received).toHaveLength(1);

    server.child.kill('SIGTERM');
    expect((await server.exit).code).toBe(0);
  }, TIMEOUT_MS * 3);
});
