import type { FastifyInstance } from 'fastify';
import { oneLine } from '../operations/backup-archive.ts';
import { nextBackupAt } from '../operations/backup-schedule.ts';
import { backUpAndRecord } from '../operations/run-backup.ts';

/*
 * The jobs process's backups (README.md, "Backups and restore"): at each time of
 * BACKUP_SCHEDULE on the company's clock (SITE_TIMEZONE) one archive in BACKUP_DIR, the
 * oldest beyond BACKUP_KEEP deleted. A failed backup is logged at error and recorded, which
 * the console's health banner and /healthz show; the next scheduled time tries again.
 */

export interface BackupScheduleJob {
  /** Backs up at once (what the timer does); resolves when done, never rejects. */
  runNow(): Promise<void>;
  /** No further runs. A backup in progress finishes on its own (or leaves a temporary file the next one deletes). */
  stop(): void;
}

/** The longest a timer waits before the next time is worked out again (setTimeout's limit is about 24.8 days). */
const MAX_WAIT_MS = 6 * 3_600_000;

export function startBackupSchedule(app: FastifyInstance): BackupScheduleJob | null {
  const { config } = app;
  // A database in memory has nothing on disk to back up.
  if (config.backupSchedule.length === 0 || config.databaseUrl === 'sqlite::memory:') return null;
  const log = app.log.child({ component: 'backup' });
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const runNow = (): Promise<void> => {
    running ??= backUpAndRecord(app.db, config, { clock: app.clock, keep: config.backupKeep })
      .then(
        ({ written, pruned }) => log.info({ archive: written.name, bytes: written.bytes, files: written.manifest.files.length, deleted: pruned.length }, 'backup written'),
        (error: unknown) => log.error({ err: error, reason: oneLine(error instanceof Error ? error.message : String(error)) }, 'backup failed'),
      )
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

  return {
    runNow,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
