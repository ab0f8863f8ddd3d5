import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { enqueueMail } from '../../server/mail/enqueue-mail.ts';
import { createOutboxWorker, type OutboxSender } from '../../server/mail/outbox-worker.ts';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/test-db.ts';
import { waitFor } from './helpers/wait-for.ts';

/*
 * An SMTP login or connection that fails is a broken configuration, not a passing outage: the
 * worker logs it at error on the first failure (README.md, "Mail health"), not only once the
 * message is older than MAIL_MAX_AGE. Other failures stay warnings until then.
 */

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface LogLine {
  level: 'error' | 'warn' | 'info';
  message: string;
  /** The whole JSON line. */
  raw: string;
}

/** A real pino logger whose JSON lines are read back as they are written. */
function recordingLog(lines: LogLine[]): FastifyBaseLogger {
  const names: Record<number, LogLine['level']> = { 50: 'error', 40: 'warn', 30: 'info' };
  return pino({ level: 'info' }, {
    write(line: string) {
      const { level, msg } = JSON.parse(line) as { level: number; msg: string };
      const name = names[level];
      if (name !== undefined) lines.push({ level: name, message: msg, raw: line });
    },
  });
}

function failingSender(code: string, message: string): OutboxSender {
  return {
    channel: 'mail',
    noun: 'mail',
    hasDefaultRecipient: true,
    send: () => Promise.reject(Object.assign(new Error(message), { code })),
    close: () => {},
  };
}

async function failOnce(code: string, message: string): Promise<LogLine[]> {
  const database: TestDatabase = await createTestDatabase();
  cleanups.push(() => database.cleanup());
  await enqueueMail(database.db, { to: 'sales@example.co.za', replyTo: null, subject: 'Enquiry', body: 'Hello', createdAt: new Date().toISOString() });
  const lines: LogLine[] = [];
  const worker = createOutboxWorker({ db: database.db, sender: failingSender(code, message), log: recordingLog(lines), pollMs: 20, retry: { baseDelayMs: 60_000, maxDelayMs: 60_000, maxAgeMs: 7 * 24 * 3_600_000 } });
  worker.start();
  cleanups.push(() => worker.stop());
  await waitFor('the first failure', () => (lines.length > 0 ? true : undefined));
  return lines;
}

describe(`the outbox worker's first failure on ${testDialect}`, () => {
  it('logs an SMTP authentication failure at error on the first attempt', async () => {
    const lines = await failOnce('EAUTH', 'Invalid login: 535 5.7.8 Authentication credentials invalid');
    expect(lines[0]).toMatchObject({ level: 'error' });
    expect(lines[0]!.message).toMatch(/refused the login or could not be reached/);
  });

  it('logs an SMTP connection failure at error on the first attempt', async () => {
    const lines = await failOnce('ECONNECTION', 'connect ECONNREFUSED 127.0.0.1:2525');
    expect(lines[0]).toMatchObject({ level: 'error' });
  });

  it('keeps a refusal of one message (a bad recipient) a warning until MAIL_MAX_AGE', async () => {
    const lines = await failOnce('EENVELOPE', '550 5.1.1 No such mailbox');
    expect(lines[0]).toMatchObject({ level: 'warn' });
  });

  it('logs the refusal without the recipient address a mail server names in it (README, "Privacy"), and keeps it whole with the mail', async () => {
    const lines = await failOnce('EENVELOPE', '550 5.1.1 <thandi.nkosi@example.co.za>: Recipient address rejected');
    expect(lines[0]!.raw).toContain('550 5.1.1 <[address]>: Recipient address rejected');
    expect(lines[0]!.raw).not.toContain('thandi.nkosi@example.co.za');
  });
});
