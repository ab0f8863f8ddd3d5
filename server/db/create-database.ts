import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { isPostgresUrl } from './dialect.ts';
import { withPreparedStatements } from './prepared-statements.ts';
import { WaitingSqliteDialect } from './sqlite-waiting-driver.ts';
import { withStatementCache } from './statement-cache.ts';
import type { Database } from './types.ts';
import type { SqliteSynchronous } from '../config.ts';

export interface CreateDatabaseOptions {
  /** Called with errors of idle PostgreSQL connections, which would otherwise crash the process. */
  onPoolError?: (error: Error) => void;
  /** Working directory that relative SQLite paths resolve against. */
  cwd?: string;
  /** SQLite's `synchronous` for the application's connection (SQLITE_SYNCHRONOUS); default normal. */
  synchronous?: SqliteSynchronous;
}

// A PostgreSQL connection attempt that takes longer than this fails instead of hanging forever.
const PG_CONNECTION_TIMEOUT_MS = 5000;
const PG_POOL_SIZE = 10;
const PG_INT8_OID = 20;

/**
 * Opens the database named by a DATABASE_URL value: `sqlite:<path>` (or `sqlite::memory:`)
 * or `postgres://…`. The connection is made on the first query, so this never throws for
 * an unreachable server; `runMigrations` or `/healthz` report that.
 */
export function createDatabase(url: string, options: CreateDatabaseOptions = {}): Kysely<Database> {
  if (isPostgresUrl(url)) return createPostgres(url, options);
  if (url.startsWith('sqlite:')) return createSqlite(url.slice('sqlite:'.length), options);
  throw new Error(`Unsupported database URL scheme: ${url.split(':')[0] ?? ''}`);
}

/** The file of an open SQLite database, as SQLite itself names it; null for one in memory. */
export async function sqliteFileIn(db: Kysely<Database>): Promise<string | null> {
  const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(db);
  return rows.find((row) => row.name === 'main')?.file || null;
}

/**
 * A connection to the SQLite file (or `:memory:`), set up as every connection of the site is.
 * WAL lets readers work while a write is in progress, and several server processes share the
 * file. NORMAL (the default) puts every commit in the log before the request is answered, so
 * nothing acknowledged is lost when a process is killed; FULL also syncs the log at each commit
 * (an OS crash or power cut loses nothing either), a sync better-sqlite3 makes the event loop
 * wait for: SQLITE_SYNCHRONOUS in config.ts weighs the two. Group commit (submission-writer.ts)
 * shares one commit among many submissions either way.
 */
export function openSqlite(file: string, synchronous: SqliteSynchronous = 'normal'): SqliteDatabase.Database {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const database = new SqliteDatabase(file);
  database.pragma('journal_mode = WAL');
  database.pragma(`synchronous = ${synchronous.toUpperCase()}`);
  database.pragma('foreign_keys = ON');
  // Deleted rows are overwritten, not left in free pages: an erasure is gone from the file (README, "Privacy").
  database.pragma('secure_delete = ON');
  // Another connection's write lock is waited for in JavaScript, without stopping the event
  // loop (busy-wait.ts); SQLite's own wait would sleep the whole process.
  database.pragma('busy_timeout = 0');
  return database;
}

function createSqlite(location: string, options: CreateDatabaseOptions): Kysely<Database> {
  const file = location === ':memory:' ? location : path.resolve(options.cwd ?? process.cwd(), location);
  return new Kysely<Database>({
    dialect: new WaitingSqliteDialect({
      // Opened lazily on the first query, so a Kysely that is never used holds no file handle.
      database: async () => withStatementCache(openSqlite(file, options.synchronous)),
    }),
  });
}

function createPostgres(url: string, options: CreateDatabaseOptions): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: PG_POOL_SIZE,
    connectionTimeoutMillis: PG_CONNECTION_TIMEOUT_MS,
    // int8 (count(*), sums) arrives as a string by default; numbers keep results identical
    // to SQLite's. Values stay far below 2^53 for this application's counters.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8_OID && format !== 'binary'
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  pool.on('error', (error) => options.onPoolError?.(error));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }) });
}
