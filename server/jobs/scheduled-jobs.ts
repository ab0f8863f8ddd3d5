import type { FastifyInstance } from 'fastify';
import { purgeOldHits } from '../click-tracking/click-counts.ts';
import { purgeUploads } from '../contact-form/submissions-admin.ts';
import { sweepExpiredWindows } from '../http/database-rate-limit-store.ts';

import { clearDeliveredMail, deleteOldMessages, deleteUnconfirmedSignUps, sweepExpired } from '../privacy/retention.ts';
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
 * clicks older than CLICK_RETAIN_DAYS (and the links left without one), uploaded files older than UPLOAD_RETAIN_DAYS (never
 * those of mail still waiting) plus files no submission references, and retention (README.md,
 * "Configuration"; privacy/retention.ts): old messages and spam, delivered mail's bodies,
 * never-confirmed sign-ups, expired captchas, challenges, sessions and invitations. Each logs
 * counts only, never an address. A job that fails is
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
    {
      name: 'old messages deleted',
      run: async () => {
        const { retention } = app.config;
        const done = await deleteOldMessages(app.db, app.config.uploadDir, { now: app.clock(), retention });
        return done.messages + done.spam > 0 ? { ...done, retainDays: retention.submissions, spamRetainDays: retention.spam } : null;
      },
    },
    {
      name: 'delivered mail cleared',
      run: async () => {
        const days = app.config.retention.deliveredMailBodies;
        const done = await clearDeliveredMail(app.db, { now: app.clock(), days });
        return done.mailCleared + done.requestsDeleted > 0 ? { ...done, retainDays: days } : null;
      },
    },
    {
      name: 'unconfirmed sign-ups deleted',
      run: async () => {
        const days = app.config.retention.unconfirmedSignUps;
        const done = await deleteUnconfirmedSignUps(app.db, { now: app.clock(), days });
        return done.signUps + done.changesDropped > 0 ? { ...done, retainDays: days } : null;
      },
    },
    {
      name: 'expired records swept',
      run: async () => {
        const done = await sweepExpired(app.db, app.clock());
        return Object.values(done).some((count) => count > 0) ? done : null;
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
