import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { linkHashOf } from '../../server/click-tracking/hit-store.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/create-database.ts';
import { runMigrations } from '../../server/db/migrate.ts';
import type { Database } from '../../server/db/types.ts';
import { migrations } from '../../server/db/migrations/index.ts';
import { resolveNonceSecret } from '../../server/security/nonce-secret.ts';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/test-db.ts';

let database: TestDatabase | undefined;

afterEach(async () => {
  await database?.cleanup();
  database = undefined;
});

async function fresh(): Promise<TestDatabase> {
  database = await createTestDatabase({ migrate: false });
  return database;
}

/** Tables of this test's database (on PostgreSQL: of its own schema, not the whole server). */
async function ownTables(db: TestDatabase['db']) {
  const schema = testDialect === 'postgres'
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  const tables = await db.introspection.getTables();
  // SQLite's FTS5 table of the inbox search and its shadow tables are the index's own (test/server/inbox/inbox-search.test.ts).
  return tables.filter((table) => (schema === undefined || table.schema === schema) && !table.name.startsWith('submission_search'));
}

async function tableNames(db: TestDatabase['db']): Promise<string[]> {
  return (await ownTables(db)).map((table) => table.name).sort();
}

describe(`migrations on ${testDialect}`, () => {
  it('are named NNNN-name and listed in order', () => {
    const names = Object.keys(migrations);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/^\d{4}-[a-z0-9-]+$/);
    expect([...names].sort()).toEqual(names);
  });

  it('create every table on a fresh database and record themselves', async () => {
    const { db } = await fresh();
    expect(await tableNames(db)).toEqual([]);

    const applied = await runMigrations(db);

    expect(applied.map((result) => [result.migrationName, result.status])).toEqual(
      Object.keys(migrations).map((name) => [name, 'Success']),
    );
    expect(await tableNames(db)).toEqual(['backup_lock', 'backup_runs', 'captchas', 'click_hits', 'click_links', 'console_audit', 'console_challenges', 'console_invitations', 'console_passkeys', 'console_people', 'console_sessions', 'content_previews', 'content_revisions', 'content_schedules', 'content_settings', 'health_probe', 'human_test_spent', 'media', 'message_notes', 'newsletter_consents', 'newsletter_subscribers', 'outbox', 'rate_limits', 'service_cursors', 'settings', 'submission_files', 'submission_index', 'submissions']);
    const recorded = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    expect(recorded.rows.map((row) => row.name)).toEqual(Object.keys(migrations));
  });

  it('do nothing when run again', async () => {
    const { db } = await fresh();
    await runMigrations(db);
    expect(await runMigrations(db)).toEqual([]);
    expect(await tableNames(db)).toEqual(['backup_lock', 'backup_runs', 'captchas', 'click_hits', 'click_links', 'console_audit', 'console_challenges', 'console_invitations', 'console_passkeys', 'console_people', 'console_sessions', 'content_previews', 'content_revisions', 'content_schedules', 'content_settings', 'health_probe', 'human_test_spent', 'media', 'message_notes', 'newsletter_consents', 'newsletter_subscribers', 'outbox', 'rate_limits', 'service_cursors', 'settings', 'submission_files', 'submission_index', 'submissions']);
  });

  it('give the click links made before link hashes their hash, and one link per hash', async () => {
    const { db } = await fresh();
    const schema = testDialect === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(schema === undefined ? {} : { migrationTableSchema: schema }) });
    expect((await migrator.migrateTo('0008-click-tracking')).error).toBeUndefined();
    await sql`insert into click_links (post_id, page_url, target, anchor, created_at) values (7, '', 'https://example.org/', 'Example', '2026-01-01T00:00:00.000Z')`.execute(db);
    await runMigrations(db);
    expect(await db.selectFrom('click_links').select(['target', 'link_hash']).execute()).toEqual([{ target: 'https://example.org/', link_hash: linkHashOf(7, '', 'https://example.org/', 'Example') }]);
    const again = db.insertInto('click_links').values({ post_id: 7, page_url: '', target: 'https://example.org/', anchor: 'Example', link_hash: linkHashOf(7, '', 'https://example.org/', 'Example'), created_at: '2026-01-02T00:00:00.000Z' });
    await expect(again.execute()).rejects.toThrow();
  });

  it('give the columns the application writes', async () => {
    const { db } = await fresh();
    await runMigrations(db);
    const columns = Object.fromEntries(
      (await ownTables(db)).map((table) => [table.name, table.columns.map((column) => column.name).sort()]),
    );
    expect(columns).toEqual({
      backup_lock: ['archive', 'done_bytes', 'heartbeat_at', 'kind', 'machine', 'name', 'phase', 'started_at', 'token', 'total_bytes', 'trigger'],
      backup_runs: ['archive', 'bytes', 'copied_at', 'copy_attempts', 'copy_error', 'copy_error_code', 'copy_next_at', 'copy_state', 'error', 'error_code', 'finished_at', 'id', 'machine', 'started_at', 'status', 'trigger'],
      message_notes: ['author', 'body', 'created_at', 'id', 'submission_id'],
      media: ['alt', 'bytes', 'content_type', 'created_at', 'height', 'id', 'key', 'original_name', 'uploaded_by', 'variants', 'width'],
      settings: ['key', 'updated_at', 'value'],
      service_cursors: ['name', 'updated_at', 'value'],
      submissions: [
        'answered_at', 'answered_by', 'created_at', 'form_id', 'id', 'meta', 'posted_data', 'posted_data_hash', 'read_at', 'remote_ip_hash',
        'spam', 'spam_reason', 'status', 'user_agent',
      ],
      outbox: [
        'attachments', 'attempts', 'body', 'channel', 'created_at', 'delivered_at', 'failed_at', 'from_name', 'headers', 'id',
        'last_error', 'next_attempt_at', 'order_key', 'reply_to', 'request', 'response_status', 'subject', 'submission_id', 'to_address',
      ],
      submission_files: [
        'created_at', 'field', 'id', 'media_type', 'original_name', 'size', 'stored_name', 'submission_id',
      ],
      // PostgreSQL's search is a generated tsvector column; SQLite's an FTS5 table beside it.
      submission_index: ['company', 'email', 'message', 'name', 'phone', ...(testDialect === 'postgres' ? ['search'] : []), 'subject', 'submission_id'],
      captchas: ['answer_hash', 'expires_at', 'id', 'svg'],
      human_test_spent: ['expires_at', 'id'],
      click_links: ['anchor', 'created_at', 'id', 'link_hash', 'page_url', 'post_id', 'target'],
      click_hits: ['clicked_at', 'id', 'link_id'],
      newsletter_subscribers: [
        'attributes', 'brevo_error', 'brevo_synced_at', 'confirmation_sent_at', 'confirmed_at', 'created_at', 'dates', 'email', 'form_id', 'id',
        'lists', 'pending_change', 'sms', 'status', 'unsubscribed_at', 'updated_at',
      ],
      newsletter_consents: ['action', 'created_at', 'form_id', 'id', 'ip_hash', 'lists', 'subscriber_id', 'user_agent', 'wording'],
      rate_limits: ['bucket', 'count', 'expires_at', 'key', 'window_start'],
      console_people: ['created_at', 'email', 'id', 'revoked_at', 'role', 'user_handle'],
      console_invitations: ['created_at', 'expires_at', 'id', 'invited_by', 'person_id', 'token_hash', 'used_at'],
      console_passkeys: ['backed_up', 'counter', 'created_at', 'credential_id', 'device_type', 'id', 'last_used_at', 'name', 'person_id', 'public_key', 'transports'],
      console_sessions: ['created_at', 'ended_at', 'expires_at', 'id_hash', 'last_seen_at', 'person_id', 'signed_in_at', 'user_agent'],
      console_challenges: ['challenge', 'expires_at', 'id_hash', 'person_id', 'purpose'],
      console_audit: ['action', 'actor', 'at', 'detail', 'id', 'ip_hash', 'person_id', 'subject'],
      health_probe: ['checked_at', 'id'],
      content_revisions: ['author_id', 'author_name', 'body', 'created_at', 'document', 'id', 'note', 'number', 'uid'],
      content_settings: ['id', 'staff_may_edit'],
      content_previews: ['body', 'created_at', 'document', 'expires_at', 'id', 'path', 'session_hash'],
      content_schedules: ['author_id', 'author_name', 'base_revision', 'body', 'created_at', 'document', 'done_at', 'done_by', 'id', 'kind', 'note', 'problem', 'publish_at', 'revision', 'state'],
    });
  });

  it('store a submission and its mail with defaults, ids and a foreign key', async () => {
    const { db } = await fresh();
    await runMigrations(db);
    const createdAt = new Date('2026-01-15T09:00:00.000Z').toISOString();

    const submission = await db
      .insertInto('submissions')
      .values({
        form_id: '7',
        status: 'mail_sent',
        posted_data: JSON.stringify({ 'your-name': 'Thandi' }),
        posted_data_hash: 'abc',
        remote_ip_hash: null,
        user_agent: 'test',
        created_at: createdAt,
        spam_reason: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(typeof submission.id).toBe('number');

    const mail = await db
      .insertInto('outbox')
      .values({
        submission_id: submission.id,
        to_address: 'sales@example.co.za',
        reply_to: null,
        subject: 'Hello',
        body: 'Text',
        next_attempt_at: createdAt,
        last_error: null,
        delivered_at: null,
        created_at: createdAt,
      })
      .returning(['id', 'attempts', 'headers'])
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ attempts: 0, headers: '{}' });

    const stored = await db.selectFrom('submissions').select(['spam', 'created_at']).executeTakeFirstOrThrow();
    expect(stored).toEqual({ spam: 0, created_at: createdAt });

    // A missing submission is refused (SQLite enforces this only with foreign_keys = ON) …
    await expect(
      db.insertInto('outbox')
        .values({ submission_id: 999, to_address: 'a@b.co', reply_to: null, subject: 's', body: 'b',
          next_attempt_at: createdAt, last_error: null, delivered_at: null, created_at: createdAt })
        .execute(),
    ).rejects.toThrow();
    // … and deleting the submission keeps its mail.
    await db.deleteFrom('submissions').where('id', '=', submission.id).execute();
    const orphan = await db.selectFrom('outbox').select('submission_id').where('id', '=', mail.id).executeTakeFirstOrThrow();
    expect(orphan.submission_id).toBeNull();
  });

  it('keep one generated nonce secret across restarts, unless NONCE_SECRET is set', async () => {
    const { db } = await fresh();
    await runMigrations(db);
    const first = await resolveNonceSecret(db, null);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(await resolveNonceSecret(db, null)).toBe(first);
    expect(await resolveNonceSecret(db, 'x'.repeat(32))).toBe('x'.repeat(32));
  });
});

describe.runIf(testDialect === 'sqlite')('the SQLite connection', () => {
  it('uses WAL, NORMAL synchronous by default (acknowledged commits survive a killed process) or FULL when asked (a power loss too), foreign keys, and waits for locks itself', async () => {
    const { db, url } = await fresh();
    const pragma = async (on: Kysely<Database>, name: string) =>
      Object.values((await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(on)).rows[0] ?? {})[0];
    expect(await pragma(db, 'journal_mode')).toBe('wal');
    expect(await pragma(db, 'synchronous')).toBe(1); // NORMAL
    expect(await pragma(db, 'foreign_keys')).toBe(1);
    // SQLite's own wait would sleep the event loop: sqlite-waiting-driver.ts waits instead.
    expect(await pragma(db, 'busy_timeout')).toBe(0);
    const full = createDatabase(url, { synchronous: 'full' });
    try {
      expect(await pragma(full, 'synchronous')).toBe(2); // FULL
      expect(await pragma(full, 'journal_mode')).toBe('wal');
    } finally {
      await full.destroy();
    }
  });
});
