/*
 * The server's entry point (`npm run serve`, or `npm start` which builds first): read the
 * configuration, open and migrate the database, listen; on SIGTERM/SIGINT stop accepting
 * connections, let requests in flight finish, close the database and exit 0.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, proxyWarning, type Config } from './config.ts';
import { createDatabase } from './db/create-database.ts';
import { dialectOf } from './db/dialect.ts';
import { runMigrations } from './db/migrate.ts';
import { startMailDelivery, startRequestDelivery } from './mail/start-mail-delivery.ts';
import type { OutboxWorker } from './mail/outbox-worker.ts';

// A shutdown stuck past the grace period and this much more is forced (exit 1).
const SHUTDOWN_MARGIN_MS = 4_000;

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
  // process.stdout, not pino's default asynchronous writer: on Linux it writes pipes and files
  // synchronously, so the last lines before process.exit ("stopped") are never lost.
  const log = pino({ level: config.logLevel }, process.stdout);
  const running: { app?: FastifyInstance; worker?: OutboxWorker | null; requestWorker?: OutboxWorker; stopping: boolean } = { stopping: false };
  const db = createDatabase(config.databaseUrl, {
    onPoolError: (error) => log.error({ err: error }, 'idle database connection failed'),
  });

  // Installed before anything slow, so a signal during start-up still shuts down cleanly;
  // `on`, not `once`: a second signal while draining must not kill the process half-way.
  async function stop(signal: NodeJS.Signals): Promise<void> {
    if (running.stopping) {
      log.warn({ signal }, 'already shutting down');
      return;
    }
    running.stopping = true;
    log.info({ signal }, 'shutting down: draining requests');
    const timeoutMs = config.timeouts.shutdownGraceMs + SHUTDOWN_MARGIN_MS;
    setTimeout(() => {
      log.error({ timeoutMs }, 'shutdown timed out');
      process.exit(1);
    }, timeoutMs).unref();
    try {
      // New connections are refused at once and idle ones closed; requests in flight get the
      // grace period, then whatever is still open (a stalled upload) is closed.
      const app = running.app;
      const force = setTimeout(() => {
        log.warn({ graceMs: config.timeouts.shutdownGraceMs }, 'closing connections still open after the grace period');
        app?.server.closeAllConnections();
      }, config.timeouts.shutdownGraceMs);
      await app?.close();
      clearTimeout(force);
      // After the last request: a submission still being answered may have woken it. The
      // message being sent finishes; the rest stays in the outbox for the next start.
      await running.worker?.stop();
      await running.requestWorker?.stop();
      await db.destroy();
      log.info('stopped');
      flushThenExit(log, 0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      flushThenExit(log, 1);
    }
  }
  process.on('SIGTERM', (signal) => void stop(signal));
  process.on('SIGINT', (signal) => void stop(signal));

  try {
    // Before the app is built: its secrets plugin reads the migrated database.
    const applied = await runMigrations(db);
    log.info({ database: dialectOf(db), applied: applied.map((migration) => migration.migrationName) }, 'database ready');
    if (running.stopping) return;
    const app = await buildApp({ config, db, loggerInstance: log });
    running.app = app;
    if (running.stopping) return;
    await app.listen({ port: config.port, host: config.host });
    const warning = proxyWarning(config);
    if (warning !== null) log.warn(warning);
    if (running.stopping) return;
    running.worker = startMailDelivery(app);
    running.requestWorker = startRequestDelivery(app);
  } catch (error) {
    if (running.stopping) return;
    log.fatal({ err: error }, 'server failed to start');
    await running.app?.close().catch(() => undefined);
    await db.destroy().catch(() => undefined);
    flushThenExit(log, 1);
  }
}

await main();

/** Fastify's logger is pino; process.exit would drop lines still buffered for a piped stdout. */
function flushThenExit(log: FastifyBaseLogger | undefined, code: number): void {
  const pinoLog = log as (FastifyBaseLogger & { flush?: (done: () => void) => void }) | undefined;
  if (pinoLog?.flush) pinoLog.flush(() => process.exit(code));
  else process.exit(code);
}
