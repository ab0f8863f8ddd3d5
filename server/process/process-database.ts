import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import { createDatabase } from '../db/create-database.ts';
import { dialectOf } from '../db/dialect.ts';
import { runMigrations } from '../db/migrate.ts';
import type { Database } from '../db/types.ts';

/** The database as every process of the server opens it: DATABASE_URL, SQLITE_SYNCHRONOUS, PostgreSQL's timeouts, pool errors logged. */
export function openProcessDatabase(config: Config, log: FastifyBaseLogger): Kysely<Database> {
  return createDatabase(config.databaseUrl, {
    synchronous: config.sqliteSynchronous,
    timeouts: config.databaseTimeouts,
    onPoolError: (error) => log.error({ err: error }, 'idle database connection failed'),
  });
}

/** Migrates the database and logs what was applied (by a lone server, or a cluster's supervisor). */
export async function migrateAndReport(db: Kysely<Database>, log: FastifyBaseLogger): Promise<void> {
  const applied = await runMigrations(db);
  log.info({ database: dialectOf(db), applied: applied.map((migration) => migration.migrationName) }, 'database ready');
}
