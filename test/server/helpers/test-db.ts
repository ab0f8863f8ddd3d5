import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { createDatabase } from '../../../server/db/create-database.ts';
import { runMigrations } from '../../../server/db/migrate.ts';
import type { Database } from '../../../server/db/types.ts';

/**
 * A fresh, private database for one test file: a temporary SQLite file, or, when
 * TEST_DATABASE_URL names a PostgreSQL database, a new schema in it (selected through the
 * connection's search_path) that is dropped afterwards. Every server test thus runs on
 * whichever database the environment selects, and CI runs them on both.
 */
export interface TestDatabase {
  db: Kysely<Database>;
  /** A DATABASE_URL value reaching the same database, for child processes. */
  url: string;
  dialect: 'sqlite' | 'postgres';
  /** Closes the connection and deletes the file or schema. Safe to call twice. */
  cleanup(): Promise<void>;
}

export const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() || null;
export const testDialect: 'sqlite' | 'postgres' = testDatabaseUrl === null ? 'sqlite' : 'postgres';

export async function createTestDatabase({ migrate = true } = {}): Promise<TestDatabase> {
  const created = testDatabaseUrl === null ? await createSqlite() : await createPostgresSchema(testDatabaseUrl);
  if (migrate) await runMigrations(created.db);
  return created;
}

async function createSqlite(): Promise<TestDatabase> {
  const folder = await mkdtemp(path.join(tmpdir(), 'site-test-db-'));
  // A sub-folder that does not exist yet: createDatabase must create it.
  const url = `sqlite:${path.join(folder, 'data', 'site.db')}`;
  const db = createDatabase(url);
  let done = false;
  return {
    db,
    url,
    dialect: 'sqlite',
    async cleanup() {
      if (done) return;
      done = true;
      await db.destroy().catch(() => undefined);
      await rm(folder, { recursive: true, force: true });
    },
  };
}

async function createPostgresSchema(baseUrl: string): Promise<TestDatabase> {
  const schema = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(baseUrl, (client) => client.query(`create schema "${schema}"`));
  const url = withSearchPath(baseUrl, schema);
  const db = createDatabase(url);
  let done = false;
  return {
    db,
    url,
    dialect: 'postgres',
    async cleanup() {
      if (done) return;
      done = true;
      await db.destroy().catch(() => undefined);
      await withAdminClient(baseUrl, (client) => client.query(`drop schema if exists "${schema}" cascade`));
    },
  };
}

function withSearchPath(baseUrl: string, schema: string): string {
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A second handle on the test database that reads but refuses every write, as a full disk
 * does: SQLite's `query_only`, PostgreSQL's `default_transaction_read_only`. Its cleanup closes
 * only this handle.
 */
export async function readOnlyHandle(database: TestDatabase): Promise<TestDatabase> {
  if (database.dialect === 'sqlite') {
    const db = createDatabase(database.url);
    await sql`pragma query_only = 1`.execute(db);
    return { ...database, db, cleanup: () => db.destroy() };
  }
  const url = new URL(database.url);
  url.searchParams.set('options', `${url.searchParams.get('options') ?? ''} -c default_transaction_read_only=on`.trim());
  const db = createDatabase(url.toString());
  return { ...database, url: url.toString(), db, cleanup: () => db.destroy() };
}
