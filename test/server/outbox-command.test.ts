import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/test-db.ts';
import { runScript } from './helpers/server-process.ts';

/* `npm run outbox`: the undelivered mail of the database in DATABASE_URL, as a table or JSON. */

let database: TestDatabase | undefined;

afterEach(async () => {
  await database?.cleanup();
  database = undefined;
});

const created = '2026-03-02T08:00:00.000Z';

async function seeded(): Promise<TestDatabase> {
  database = await createTestDatabase();
  const { db } = database;
  const row = (subject: string, extra: Record<string, unknown> = {}) => ({
    to_address: 'sales@example.co.za',
    reply_to: 'thandi@example.co.za',
    subject,
    body: 'b',
    next_attempt_at: created,
    created_at: created,
    ...extra,
  });
  await db.insertInto('outbox').values(row('Never tried')).execute();
  await db
    .insertInto('outbox')
    .values(row('Tried once', { attempts: 1, last_error: 'connect ECONNREFUSED 127.0.0.1:25', next_attempt_at: '2026-03-02T08:01:00.000Z' }))
    .execute();
  await db.insertInto('outbox').values(row('Given up', { attempts: 30, last_error: '550 mailbox unavailable', failed_at: created })).execute();
  await db.insertInto('outbox').values(row('Delivered', { attempts: 1, delivered_at: created })).execute();
  return database;
}

async function outbox(args: string[] = []) {
  if (database === undefined) throw new Error('no database');
  const run = runScript('scripts/outbox.ts', { DATABASE_URL: database.url }, args);
  const { code } = await run.exit;
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

describe(`npm run outbox on ${testDialect}`, () => {
  it('lists undelivered mail as JSON with --json', async () => {
    await seeded();
    const { code, stdout, stderr } = await outbox(['--json']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const listed = JSON.parse(stdout) as Array<Record<string, unknown>>;
    expect(listed.map((item) => [item.subject, item.state, item.attempts])).toEqual([
      ['Never tried', 'pending', 0],
      ['Tried once', 'retrying', 1],
      ['Given up', 'failed', 30],
    ]);
    expect(listed[1]).toMatchObject({ lastError: 'connect ECONNREFUSED 127.0.0.1:25', nextAttemptAt: '2026-03-02T08:01:00.000Z', to: 'sales@example.co.za' });
  });

  it('prints a table with the last error under each message', async () => {
    await seeded();
    const { code, stdout } = await outbox();
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toMatch(/^id\s+channel\s+created\s+state\s+tries\s+next try\s+to\s+subject$/);
    // Times in SITE_TIMEZONE (default Africa/Johannesburg, UTC+2).
    expect(stdout).toMatch(/2\s+mail\s+2026-03-02 10:00:00\s+retrying\s+1\s+2026-03-02 10:01:00\s+sales@example\.co\.za\s+Tried once/);
    expect(stdout).toContain('    last error: connect ECONNREFUSED 127.0.0.1:25');
    expect(stdout).toMatch(/3\s+mail\s+2026-03-02 10:00:00\s+failed\s+30\s+-\s+/);
    expect(stdout).not.toContain('Delivered');
    expect(stdout.trimEnd().endsWith('3 undelivered messages.')).toBe(true);
  });

  it('says so when everything was delivered', async () => {
    database = await createTestDatabase();
    expect((await outbox()).stdout).toBe('No undelivered mail.\n');
  });

  it('stops with one line on a bad DATABASE_URL', async () => {
    const run = runScript('scripts/outbox.ts', { DATABASE_URL: 'mysql://x' });
    expect((await run.exit).code).toBe(1);
    expect(run.stderr()).toBe('Invalid configuration: DATABASE_URL must be sqlite:<path> or a postgres:// URL (got "mysql://x")\n');
  });

  it('puts held mail back in the queue with --retry <id> or --retry --all, and says when there is none', async () => {
    await seeded();
    const one = await outbox(['--retry', '3']);
    expect(one).toMatchObject({ code: 0, stdout: '1 message put back in the queue.\n', stderr: '' });
    const { db } = database!;
    const row = await db.selectFrom('outbox').selectAll().where('id', '=', 3).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ failed_at: null, attempts: 0, delivered_at: null });
    expect(Date.parse(row.next_attempt_at)).toBeGreaterThan(Date.parse(created));
    const none = await outbox(['--retry', '--all']);
    expect(none.code).toBe(1);
    expect(none.stderr).toBe('outbox: no mail is held as failed\n');
    const delivered = await outbox(['--retry', '4']);
    expect(delivered.stderr).toBe('outbox: message 4 is not held as failed\n');
    expect((await outbox(['--retry'])).stderr).toBe('outbox: --retry takes a message id (npm run outbox -- --retry 12) or --all\n');
  });
});
