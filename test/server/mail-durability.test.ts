import { afterEach, describe, expect, it } from 'vitest';
import { listUndelivered } from '../../server/mail/list-undelivered.ts';
import { createStaticFixture } from './helpers/static-fixture.ts';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/test-db.ts';
import { DEFAULT_USER_AGENT, multipartBody, type FeedbackAnswerBody } from './helpers/multipart.ts';
import { freePort, startServerProcess, type ServerProcess } from './helpers/server-process.ts';
import { startSmtpSink } from './helpers/smtp-sink.ts';
import { validContactFields } from './helpers/test-forms.ts';
import { waitFor } from './helpers/wait-for.ts';

/*
 * ARCHITECTURE.md's target "acknowledged submissions lost across an SMTP outage and a SIGKILL: 0",
 * with the real entry point: a server acknowledges a message while the SMTP server is down,
 * fails to deliver it, and is killed with SIGKILL; a new server on the same database delivers
 * it once SMTP is back, exactly once.
 */

const TIMEOUT_MS = 60_000;
const running: ServerProcess[] = [];
const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const server of running.splice(0)) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startServer(env: Record<string, string>, port: number): Promise<ServerProcess> {
  const server = await startServerProcess(env, port, TIMEOUT_MS);
  running.push(server);
  return server;
}

describe(`mail durability of the real server on ${testDialect}`, () => {
  it('delivers a message acknowledged during an SMTP outage after a SIGKILL and a restart', async () => {
    const database: TestDatabase = await createTestDatabase({ migrate: false });
    const site = await createStaticFixture();
    cleanups.push(() => database.cleanup(), () => site.cleanup());
    const smtpPort = await freePort();
    const env = {
      DATABASE_URL: database.url,
      STATIC_ROOT: site.root,
      UPLOAD_DIR: `${site.root}-uploads`,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SITE_URL: 'http://localhost:8080',
      MAIL_TO: 'sales@example.co.za',
    };

    const port = await freePort();
    const first = await startServer(env, port);
    const { payload, contentType } = await multipartBody(validContactFields({ 'your-name': 'Outage Visitor' }));
    const response = await fetch(`http://127.0.0.1:${port}/wp-json/contact-form-7/v1/contact-forms/5/feedback`, {
      method: 'POST',
      headers: { 'content-type': contentType, 'user-agent': DEFAULT_USER_AGENT },
      body: new Uint8Array(payload),
    });
    expect(((await response.json()) as FeedbackAnswerBody).status).toBe('mail_sent');

    // The worker tried and failed: SMTP is down.
    await waitFor('a failed attempt', async () => (await listUndelivered(database.db))[0]?.state === 'retrying', TIMEOUT_MS);
    first.child.kill('SIGKILL');
    expect((await first.exit).signal).toBe('SIGKILL');

    // Time passes (the retry delay is half a minute or more): make the message due now.
    await database.db.updateTable('outbox').set({ next_attempt_at: new Date().toISOString() }).execute();
    const smtp = await startSmtpSink(smtpPort);
    cleanups.push(() => smtp.close());
    const second = await startServer(env, await freePort());

    const mail = await waitFor('delivery after the restart', () => smtp.received[0], TIMEOUT_MS);
    expect(mail.headers.get('subject')).toEqual(['Website enquiry: LED video walls from Outage Visitor']);
    await waitFor('nothing undelivered', async () => (await listUndelivered(database.db)).length === 0, TIMEOUT_MS);
    expect(smtp.received).toHaveLength(1);

    second.child.kill('SIGTERM');
    expect((await second.exit).code).toBe(0);
  }, TIMEOUT_MS * 2);
});
