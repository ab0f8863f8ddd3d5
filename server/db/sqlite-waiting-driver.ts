import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type QueryResult, type SqliteDialectConfig } from 'kysely';

/*
 * SQLite shared by several server processes (WEB_CONCURRENCY) without blocking any of them.
 *
 * SQLite's own busy handler sleeps the calling thread (1, 2, 5, 10 … ms) while another process
 * holds the write lock: in Node that stops the whole event loop, and with thousands of short
 * write transactions a second the processes spent their time asleep. Here the connection's
 * busy timeout is 0 and the waiting happens in JavaScript instead: a statement refused with
 * SQLITE_BUSY outside a transaction has changed nothing, so it is tried again on the next turn
 * of the event loop (the process keeps reading requests meanwhile), then after growing pauses,
 * until BUSY_WAIT_MS have passed (then its SQLITE_BUSY stands).
 *
 * Transactions begin IMMEDIATE: the write lock is taken (or waited for) at BEGIN, before any
 * work, so a statement inside a transaction never meets another writer; a DEFERRED transaction
 * that read first could only fail there (SQLITE_BUSY_SNAPSHOT), never wait.
 */

/** How long a statement waits for another process's write lock before its SQLITE_BUSY stands. */
export const BUSY_WAIT_MS = 5000;
/** Retries on the next event-loop turn for this long, then pauses of 1, 2, 4 … 16 ms. */
const SPIN_MS = 1;
const MAX_PAUSE_MS = 16;

const isBusy = (error: unknown): boolean =>
  error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('SQLITE_BUSY');

const pause = (ms: number) => new Promise<void>((resolve) => (ms === 0 ? setImmediate(resolve) : setTimeout(resolve, ms)));

export interface WaitingSqliteDialectConfig extends SqliteDialectConfig {
  /** Default BUSY_WAIT_MS. */
  busyWaitMs?: number;
}

class WaitingSqliteDriver extends SqliteDriver {
  readonly #busyWaitMs: number;
  #inTransaction = false;
  #connection: DatabaseConnection | undefined;

  constructor(config: WaitingSqliteDialectConfig) {
    super(config);
    this.#busyWaitMs = config.busyWaitMs ?? BUSY_WAIT_MS;
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    // One connection for the life of the driver (SQLite's dialect has just one).
    this.#connection ??= {
      executeQuery: <R>(query: CompiledQuery) => this.#waitingIfBusy(() => connection.executeQuery<R>(query)),
      streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => connection.streamQuery<R>(query, chunkSize),
    };
    return this.#connection;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    this.#inTransaction = true;
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
    this.#inTransaction = false;
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await connection.executeQuery(CompiledQuery.raw('rollback'));
    } finally {
      this.#inTransaction = false;
    }
  }

  async #waitingIfBusy<R>(run: () => Promise<QueryResult<R>>): Promise<QueryResult<R>> {
    const started = performance.now();
    let pauseMs = 0;
    for (;;) {
      try {
        return await run();
      } catch (error) {
        const waited = performance.now() - started;
        if (!isBusy(error) || this.#inTransaction || waited >= this.#busyWaitMs) throw error;
        if (waited >= SPIN_MS) pauseMs = Math.min(Math.max(1, pauseMs * 2), MAX_PAUSE_MS);
        await pause(pauseMs);
      }
    }
  }
}

/** Kysely's SQLite dialect with the driver above; open the database with `busy_timeout = 0`. */
export class WaitingSqliteDialect extends SqliteDialect {
  readonly #config: WaitingSqliteDialectConfig;

  constructor(config: WaitingSqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new WaitingSqliteDriver(this.#config);
  }
}
