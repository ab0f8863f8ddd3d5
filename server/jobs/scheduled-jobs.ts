import type { FastifyInstance } from 'fastify';
import { purgeOldHits } from '../click-tracking/click-counts.ts';
import { purgeUploads } from '../contact-form/submissions-admin.ts';
import { sweepExpiredWindows } from '../http/database-rate-limit-store.ts';
import { startRepeatingTask } from './repeating-task.ts';

/** How often the jobs run; the first run comes a minute after start, so a site deployed more often than hourly still runs them. */
export const JOBS_INTERVAL_MS = 60 * 60 * 1000;
export const FIRST_RUN_DELAY_MS = 60 * 1000;

export interface ScheduleOptions {
  firstRunDelayMs?: number;
  intervalMs?: number;
}

const DAY_MS = 24 * 3_600_000;

export interface ScheduledJobs {
  /** Runs every job once now (what the timer does); resolves when all have finished. */
  runNow(): Promise<void>;
  /** No further runs; resolves once a run in progress has finished. */
  stop(): Promise<void>;
}

/**
 * The server's own housekeeping, in exactly one process (see process/process-role.ts): link
 * clicks older than CLICK_RETAIN_DAYS (and the links left without one), and uploaded files older than UPLOAD_RETAIN_DAYS (never
 * those of mail still waiting) plus files no submission references. A job that fails is
 * logged and tried again at the next run.
 */
export function startScheduledJobs(app: FastifyInstance, { firstRunDelayMs = FIRST_RUN_DELAY_MS, intervalMs = JOBS_INTERVAL_MS }: ScheduleOptions = {}): ScheduledJobs {
  const log = app.log.child({ component: 'jobs' });

  const jobs: Array<{ name: string; run: () => Promise<Record<string, number> | null> }> = [
    {
      name: 'old link clicks deleted',
      run: async () => {
        const { hits, links } = await purgeOldHits(app.db, app.clock(), app.config.clickRetainDays);
        return hits + links > 0 ? { deleted: hits, linksDeleted: links, retainDays: app.config.clickRetainDays } : null;
      },
    },
    {
      name: 'old uploaded files deleted',
      run: async () => {
        const result = await purgeUploads(app.db, app.config.uploadDir, { retainMs: app.config.uploadRetainDays * DAY_MS, now: app.clock() });
        return result.expired + result.orphans > 0 ? { ...result, retainDays: app.config.uploadRetainDays } : null;
      },
    },
    {
      // Counts whose window has ended: keyed hashes, but of no use once the window is over.
      name: 'expired rate-limit windows deleted',
      run: async () => {
        const deleted = await sweepExpiredWindows(app.db, app.clock());
        return deleted > 0 ? { deleted } : null;
      },
    },
  ];

  async function runAll(): Promise<void> {
    for (const job of jobs) {
      try {
        const done = await job.run();
        if (done !== null) log.info(done, job.name);
      } catch (error) {
        log.error({ err: error, job: job.name }, 'scheduled job failed');
      }
    }
  }

  return startRepeatingTask(runAll, { firstDelayMs: firstRunDelayMs, intervalMs });
}
