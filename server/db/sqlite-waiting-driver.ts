import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDialectConfig } from 'kysely';
import { BUSY_WAIT_MS, waitWhileBusy } from './busy-wait.ts';

/*
 * Kysely's SQLite dialect for a database other processes write too (a CLI command beside the
 * server, several server processes): another writer's lock is waited for as busy-wait.ts
 * does, without stopping the event loop; open the database with `busy_timeout = 0`.
 *
 * Transactions begin IMMEDIATE: the write lock is taken (or waited for) at BEGIN, before any
 * work, so a statement inside a transaction never meets another writer; a DEFERRED transaction
 * that read first could only fail there (SQLITE_BUSY_SNAPSHOT), never wait. A statement
 * refused outside a transaction changed nothing and is tried again.
 */

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
      executeQuery: <R>(query: CompiledQuery) => waitWhileBusy(() => connection.executeQuery<R>(query), this.#busyWaitMs, () => !this.#inTransaction),
      streamQuery: <R>(query: CompiledQuery, chunkSize: number) => connection.streamQuery<R>(query, chunkSize),
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
}

/** Kysely's SQLite dialect with the driver above. */
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
