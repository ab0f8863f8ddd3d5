import type { FastifyInstance } from 'fastify';
import { nextBackupAt } from '../operations/backup-schedule.ts';
import { retryDueCopies, startBackup } from '../operations/run-backup.ts';
import { startRepeatingTask, type RepeatingTask } from './repeating-task.ts';

/*
 * The jobs process's backups (README.md, "Backups and restore"): at each time of
 * BACKUP_SCHEDULE on the company's clock (SITE_TIMEZONE) one archive in BACKUP_DIR, the
 * oldest beyond BACKUP_KEEP deleted, copied to the off-site storage when one is configured. A
 * failed backup is logged at error and recorded, which the console's health banner and /healthz
 * show; the next scheduled time tries again. While another backup runs (the console's "Back up
 * now", another server's schedule, `npm run backup`) the scheduled one waits for it. Every
 * minute, copies that failed and are due are tried again (run-backup.ts, retryDueCopies).
 */

export interface BackupScheduleJob {
  /** Backs up at once (what the timer does), after any backup running now; resolves when done, never rejects. */
  runNow(): Promise<void>;
  /** Tries the copies that are due now (what the retry timer does); resolves when done, never rejects. */
  retryCopiesNow(): Promise<void>;
  /** No further runs. A backup in progress finishes on its own (or leaves a temporary file the next one deletes). */
  stop(): void;
}

/** The longest a timer waits before the next time is worked out again (setTimeout's limit is about 24.8 days). */
const MAX_WAIT_MS = 6 * 3_600_000;
/** How often a scheduled backup waiting for another asks again, and for how long at most. */
const BUSY_WAIT_MS = 15_000;
const BUSY_WAIT_LIMIT_MS = 6 * 3_600_000;
/** How often the copies due are looked for. */
export const COPY_RETRY_INTERVAL_MS = 60_000;

export function startBackupSchedule(app: FastifyInstance): BackupScheduleJob | null {
  const { config } = app;
  // A database in memory has nothing on disk to back up.
  if (config.databaseUrl === 'sqlite::memory:') return null;
  if (config.backupSchedule.length === 0 && config.backupOffsite === null) return null;
  const log = app.log.child({ component: 'backup' });
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const backUp = async (): Promise<void> => {
    const waitUntil = app.clock() + BUSY_WAIT_LIMIT_MS;
    for (;;) {
      const started = await startBackup(app.db, config, { trigger: 'schedule', clock: app.clock, keep: config.backupKeep, log });
      if (started.started) {
        await started.finished;
        return;
      }
      if (stopped || app.clock() > waitUntil) {
        log.warn({ running: started.running }, 'scheduled backup skipped: another backup was running all along');
        return;
      }
      log.info({ running: started.running }, 'scheduled backup waiting: another backup is running');
      await new Promise((resolve) => setTimeout(resolve, BUSY_WAIT_MS).unref());
    }
  };

  const runNow = (): Promise<void> => {
    running ??= backUp()
      .catch((error: unknown) => log.error({ err: error }, 'backup failed'))
      .finally(() => (running = null));
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    const at = nextBackupAt(config.backupSchedule, app.clock(), config.siteTimeZone);
    if (at === null) return;
    const wait = at - app.clock();
    timer = setTimeout(() => {
      if (wait > MAX_WAIT_MS) return schedule();
      void runNow().then(schedule);
    }, Math.min(wait, MAX_WAIT_MS)).unref();
  };
  schedule();

  const retries: RepeatingTask | null =
    config.backupOffsite === null
      ? null
      : startRepeatingTask(
          async () => {
            await retryDueCopies(app.db, config, { clock: app.clock, log }).catch((error: unknown) => log.error({ err: error }, 'backup copies could not be tried again'));
          },
          { firstDelayMs: COPY_RETRY_INTERVAL_MS, intervalMs: COPY_RETRY_INTERVAL_MS },
        );

  return {
    runNow,
    retryCopiesNow: async () => retries?.runNow(),
    stop() {
      stopped = true;
      clearTimeout(timer);
      void retries?.stop();
    },
  };
}
