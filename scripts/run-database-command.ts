/*
 * The frame of the operator commands that read the server's database (`npm run outbox`,
 * `npm run subscribers`): DATABASE_URL from the server's own configuration (a bad value is one
 * readable line and exit code 1), the schema brought up to date (a fresh database has no
 * tables yet; the server would create them on start anyway), the connection always closed.
 */
import type { Kysely } from 'kysely';
import { ConfigError, loadConfig, type Config } from '../server/config.ts';
import { createDatabase } from '../server/db/create-database.ts';
import { runMigrations } from '../server/db/migrate.ts';
import type { Database } from '../server/db/types.ts';

/** The server's configuration from the environment; null after printing the one line a bad value makes. */
export function readCommandConfig(): Config | null {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return null;
    }
    throw error;
  }
}

/** Runs `command` against the database; resolves with the process's exit code. */
export async function runDatabaseCommand(name: string, command: (db: Kysely<Database>, config: Config) => Promise<string>): Promise<number> {
  const config = readCommandConfig();
  if (config === null) return 1;
  const db = createDatabase(config.databaseUrl);
  try {
    await runMigrations(db);
    process.stdout.write(await command(db, config));
    return 0;
  } catch (error) {
    process.stderr.write(`${name}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await db.destroy();
  }
}
