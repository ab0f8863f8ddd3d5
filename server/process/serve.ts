import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app.ts';
import { addressKeyWarning, proxyWarning, type Config } from '../config.ts';
import { startBackupSchedule, type BackupScheduleJob } from '../jobs/backup-schedule-job.ts';
import { startContentScheduleJob } from '../jobs/content-schedule-job.ts';
import type { RepeatingTask } from '../jobs/repeating-task.ts';
import { startScheduledJobs, type ScheduledJobs } from '../jobs/scheduled-jobs.ts';
import { startBrevoDelivery } from '../newsletter/brevo-delivery.ts';
import { startBrevoPoll, type BrevoPolling } from '../newsletter/brevo-poll.ts';
import { startMailDelivery, startRequestDelivery } from '../mail/start-mail-delivery.ts';
import type { OutboxWorker } from '../mail/outbox-worker.ts';
import { flushThenExit } from './flush-then-exit.ts';
import { relayQueuedRows, wakeForRelayedRows } from './outbox-relay.ts';
import { migrateAndReport, openProcessDatabase } from './process-database.ts';
import type { ProcessRole } from './process-role.ts';
import { isSiteGenerationMessage, siteGenerationMessage } from './site-generation-relay.ts';

// A shutdown stuck past the grace period and this much more is forced (exit 1).
export const SHUTDOWN_MARGIN_MS = 4_000;

/**
 * One server process: open (and, alone, migrate) the database, listen, and — in the process
 * whose role says so — deliver the outbox and run the scheduled jobs. On SIGTERM/SIGINT it
 * stops accepting connections, lets requests in flight finish, finishes the message being
 * sent, closes the database and exits 0. (A cluster's server process whose supervisor is gone
 * is ended at once by Node's cluster module: what it acknowledged is committed already.)
 */
/** What a test's own entry point gives (test/server/site-generations/): main.ts gives none. */
export interface ServeOptions {
  siteGenerations?: BuildAppOptions['siteGenerations'];
  /** Called once the process listens. */
  listening?: (app: FastifyInstance) => void;
}

export async function serve(config: Config, log: FastifyBaseLogger, role: ProcessRole, options: ServeOptions = {}): Promise<void> {
  const running: {
    app?: FastifyInstance;
    worker?: OutboxWorker | null;
    requestWorker?: OutboxWorker;
    brevoWorker?: OutboxWorker | null;
    brevoPoll?: BrevoPolling | null;
    jobs?: ScheduledJobs;
    backups?: BackupScheduleJob | null;
    contentSchedule?: RepeatingTask;
    stopping: boolean;
  } = { stopping: false };
  const db = openProcessDatabase(config, log);

  // Installed before anything slow, so a signal during start-up still shuts down cleanly;
  // `on`, not `once`: a second signal while draining must not kill the process half-way.
  async function stop(reason: string): Promise<void> {
    if (running.stopping) {
      log.warn({ reason }, 'already shutting down');
      return;
    }
    running.stopping = true;
    log.info({ reason }, 'shutting down: draining requests');
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
      // A scheduled publish in progress finishes (it makes its pages live through the app) before the app closes.
      await running.contentSchedule?.stop();
      await app?.close();
      clearTimeout(force);
      // After the last request: a submission still being answered may have woken it. The
      // message being sent finishes; the rest stays in the outbox for the next start.
      running.backups?.stop();
      await running.jobs?.stop();
      await running.worker?.stop();
      await running.requestWorker?.stop();
      await running.brevoPoll?.stop();
      await running.brevoWorker?.stop();
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
    if (role.migrates) {
      // Before the app is built: its secrets plugin reads the migrated database.
      await migrateAndReport(db, log);
    }
    if (running.stopping) return;
    // A process of a cluster tells the others when it serves a newly published revision.
    const announce = (revision: number) => {
      if (process.connected) process.send?.(siteGenerationMessage(revision));
    };
    const app = await buildApp({ config, db, loggerInstance: log, siteGenerations: { ...options.siteGenerations, ...(role.inCluster ? { announce } : {}) } });
    if (role.inCluster) {
      process.on('message', (message) => {
        if (isSiteGenerationMessage(message)) void app.siteGenerations.notice(message.revision);
      });
    }
    running.app = app;
    if (running.stopping) return;
    await app.listen({ port: config.port, host: config.host });
    for (const warning of [proxyWarning(config), addressKeyWarning(config)]) if (warning !== null && role.runsJobs) log.warn(warning);
    if (running.stopping) return;
    options.listening?.(app);
    if (role.runsJobs) {
      log.info('this process delivers the outbox and runs the scheduled jobs');
      running.worker = startMailDelivery(app);
      running.requestWorker = startRequestDelivery(app);
      running.brevoWorker = startBrevoDelivery(app);
      running.brevoPoll = startBrevoPoll(app);
      running.jobs = startScheduledJobs(app);
      running.backups = startBackupSchedule(app);
      running.contentSchedule = startContentScheduleJob(app);
      if (role.inCluster) process.on('message', (message) => wakeForRelayedRows(app.outbox, message));
    } else {
      // Not once the supervisor is gone (the process is draining then): a send on a closed
      // channel would be an unhandled error; the rows wait for the jobs process's next poll.
      relayQueuedRows(app.outbox, (message) => {
        if (process.connected) process.send?.(message);
      });
    }
  } catch (error) {
    if (running.stopping) return;
    log.fatal({ err: error }, 'server failed to start');
    await running.app?.close().catch(() => undefined);
    await db.destroy().catch(() => undefined);
    flushThenExit(log, 1);
  }
}
