/*
 * The server's entry point (`npm run serve`, or `npm start` which builds first): read the
 * configuration, open and migrate the database, listen; on SIGTERM/SIGINT stop accepting
 * connections, let requests in flight finish, close the database and exit 0.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createDatabase } from './db/create-database.ts';
import { dialectOf } from './db/dialect.ts';
import { runMigrations } from './db/migrate.ts';

// Longer than any request should take; a shutdown stuck past this is forced (exit 1).
const SHUTDOWN_TIMEOUT_MS = 10_000;

function readConfigOrExit(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      // One readable line for the operator, no stack trace.
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfigOrExit();
  let app: FastifyInstance | undefined;
  const db = createDatabase(config.databaseUrl, {
    onPoolError: (error) => app?.log.error({ err: error }, 'idle database connection failed'),
  });
  app = await buildApp({ config, db });
  const server = app;

  let stopping = false;
  async function stop(signal: NodeJS.Signals): Promise<void> {
    if (stopping) return;
    stopping = true;
    server.log.info({ signal }, 'shutting down: draining requests');
    setTimeout(() => {
      server.log.error({ timeoutMs: SHUTDOWN_TIMEOUT_MS }, 'shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    try {
      await server.close();
      await db.destroy();
      server.log.info('stopped');
      process.exit(0);
    } catch (error) {
      server.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  }
  process.once('SIGTERM', (signal) => void stop(signal));
  process.once('SIGINT', (signal) => void stop(signal));

  try {
    const applied = await runMigrations(db);
    server.log.info(
      { database: dialectOf(db), applied: applied.map((migration) => migration.migrationName) },
      'database ready',
    );
    await server.listen({ port: config.port, host: config.host });
  } catch (error) {
    if (stopping) return;
    server.log.fatal({ err: error }, 'server failed to start');
    await server.close().catch(() => undefined);
    await db.destroy().catch(() => undefined);
    process.exit(1);
  }
}

await main();
