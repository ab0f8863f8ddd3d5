import { sql, type Kysely } from 'kysely';
import { Migrator, type MigrationResult } from 'kysely/migration';
import { dialectOf } from './dialect.ts';
import { migrations } from './migrations/index.ts';

export class MigrationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

/**
 * Brings the schema to the latest version. Safe to call on every start and from several
 * machines at once: applied migrations are recorded and skipped, and Kysely holds a lock
 * row while migrating. Returns the migrations applied by this call.
 */
export async function runMigrations<DB>(db: Kysely<DB>): Promise<MigrationResult[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // On PostgreSQL, Kysely looks for its bookkeeping tables in every schema; pinning them to
    // the connection's current schema keeps databases that share a server apart.
    migrationTableSchema: await currentSchema(db),
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results.find((result) => result.status === 'Error');
    const name = failed === undefined ? '' : ` ${failed.migrationName}`;
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(`Database migration${name} failed: ${reason}`, { cause: error });
  }
  return results;
}

async function currentSchema<DB>(db: Kysely<DB>): Promise<string | undefined> {
  if (dialectOf(db) !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}
