import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { createAvailabilityGuard, DatabaseUnavailableError, isConnectionLost, type AvailabilityGuard } from './database-availability.ts';
import { isPostgresUrl } from './dialect.ts';
import { withPreparedStatements } from './prepared-statements.ts';
import { WaitingSqliteDialect } from './sqlite-waiting-driver.ts';
import { withStatementCache } from './statement-cache.ts';
import type { Database } from './types.ts';
import { DEFAULTS, type DatabaseTimeouts, type SqliteSynchronous } from '../config.ts';

export interface CreateDatabaseOptions {
  /** Called with errors of idle PostgreSQL connections, which would otherwise crash the process. */
  onPoolError?: (error: Error) => void;
  /** Working directory that relative SQLite paths resolve against. */
  cwd?: string;
  /** SQLite's `synchronous` for the application's connection (SQLITE_SYNCHRONOUS); default normal. */
  synchronous?: SqliteSynchronous;
  /** PostgreSQL's statement and connection timeouts (DATABASE_STATEMENT_TIMEOUT, DATABASE_CONNECT_TIMEOUT). */
  timeouts?: DatabaseTimeouts;
}

const PG_POOL_SIZE = 10;
// The client gives up on a statement this long after PostgreSQL should have cancelled it: a
// server that answers cancels it itself (and the connection stays usable); one that hangs does not.
const PG_CLIENT_TIMEOUT_MARGIN_MS = 1000;
// A connection idle this long is probed by TCP keep-alive, so one to a host that vanished (a
// partition, a power cut) is found dead instead of hanging the next query.
const PG_KEEP_ALIVE_DELAY_MS = 10_000;
// After a lost connection, queries fail at once for this long before one tries the server again.
const PG_RETRY_AFTER_LOSS_MS = 1000;
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

/**
 * A pool whose statements and connections have time limits (README.md, "Faults the server
 * survives"): PostgreSQL cancels a statement after DATABASE_STATEMENT_TIMEOUT, the client gives
 * up a second later (a server that hangs cancels nothing), and opening a connection or waiting
 * for one of the pool's fails after DATABASE_CONNECT_TIMEOUT; TCP keep-alive finds connections
 * to a vanished host. Behind the availability guard (db/database-availability.ts).
 */
function createPostgres(url: string, options: CreateDatabaseOptions): Kysely<Database> {
  const timeouts = options.timeouts ?? DEFAULTS.databaseTimeouts;
  const pool = new pg.Pool({
    connectionString: url,
    max: PG_POOL_SIZE,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs + PG_CLIENT_TIMEOUT_MARGIN_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: PG_KEEP_ALIVE_DELAY_MS,
    // int8 (count(*), sums) arrives as a string by default; numbers keep results identical
    // to SQLite's. Values stay far below 2^53 for this application's counters.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8_OID && format !== 'binary'
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  const guard = createAvailabilityGuard(PG_RETRY_AFTER_LOSS_MS);
  pool.on('error', (error) => {
    if (isConnectionLost(error)) guard.lost();
    options.onPoolError?.(error);
  });
  // The guard watches every checkout; the hot statements that ask for it are prepared by name on top.
  const guarded = guardedPool(pool, guard);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: withPreparedStatements(pool, () => guarded.connect()) }) });
}

type QueryFunction = (...args: unknown[]) => unknown;

/** A statement answered by a promise: text, or a query config with text; not a cursor (it has `submit`) nor a callback call. */
function isStatement(args: unknown[]): boolean {
  if (typeof args.at(-1) === 'function') return false;
  const [first] = args;
  if (typeof first === 'string') return true;
  return typeof first === 'object' && first !== null && 'text' in first && typeof first.text === 'string' && !('submit' in first);
}

/**
 * The pool as Kysely sees it, behind the guard: a checkout is refused at once while the guard
 * is open (one is let through as its probe), every statement's outcome tells the guard whether
 * the server answered, and a connection lost on a statement is destroyed, never reused.
 */
function guardedPool(pool: pg.Pool, guard: AvailabilityGuard): { options: pg.PoolOptions; connect(): Promise<pg.PoolClient>; end(): Promise<void> } {
  const watched = new WeakSet<pg.PoolClient>();
  const lost = new WeakSet<pg.PoolClient>();
  const probes = new WeakSet<pg.PoolClient>();

  function watch(client: pg.PoolClient): void {
    if (watched.has(client)) return;
    watched.add(client);
    // pg-pool listens for a connection's errors only while it is idle: one lost while checked
    // out between two statements (a restart's 57P01) would otherwise be an unhandled 'error'
    // event and end the process. Its next statement fails, and is answered 503.
    client.on('error', (error) => {
      if (isConnectionLost(error)) guard.lost();
    });
    const query = client.query.bind(client) as QueryFunction;
    const guarded: QueryFunction = (...args) => {
      // Kysely's form (text and values) and a named statement's ({ name, text, values }: prepared-statements.ts),
      // answered by a promise; others (cursors, callbacks) pass as they are.
      if (!isStatement(args)) return query(...args);
      // The guard opened while this checkout was under way (a transaction's later statements, its rollback).
      if (guard.isOpen() && !probes.has(client)) return Promise.reject(new DatabaseUnavailableError());
      return (query(...args) as Promise<unknown>).then(
        (result) => {
          guard.answered();
          return result;
        },
        (error: unknown) => {
          if (isConnectionLost(error)) {
            guard.lost();
            // The statement may still be on the wire: the connection is dropped at its release, not reused.
            lost.add(client);
          } else {
            guard.answered();
          }
          throw error;
        },
      );
    };
    client.query = guarded as typeof client.query;
  }

  return {
    // Kysely reads the pool's options to open its control connection (a query's cancellation).
    options: pool.options,
    async connect() {
      const admission = guard.admit();
      if (admission === 'no') throw new DatabaseUnavailableError();
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        if (isConnectionLost(error)) guard.lost();
        else if (admission === 'probe') guard.probeEnded();
        throw error;
      }
      watch(client);
      if (admission === 'probe') probes.add(client);
      // pg-pool gives every checkout its own release: the probe ends with it, and a connection
      // lost on a statement is destroyed instead of going back to the pool.
      const release = client.release.bind(client);
      client.release = (destroy?: Error | boolean) => {
        if (probes.delete(client)) guard.probeEnded();
        release(lost.has(client) ? true : destroy);
      };
      return client;
    },
    end: () => pool.end(),
  };
}
