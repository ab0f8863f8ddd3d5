import { siteTimeOn, siteToday } from '../reports/site-days.ts';

/*
 * BACKUP_SCHEDULE (README.md, "Backups and restore"): `off`, or the times of day the jobs
 * process backs up, on the company's clock (SITE_TIMEZONE): `02:00`, or several as
 * `02:00,14:00`. Pure functions: the configuration validates with them, the jobs process asks
 * when the next run is.
 */

/** Minutes past midnight, sorted, without repeats; an empty list never runs. */
export type BackupSchedule = readonly number[];

export const DEFAULT_BACKUP_SCHEDULE = '02:00';

export class BackupScheduleError extends Error {
  override name = 'BackupScheduleError';
}

/** `off` → []; `02:00,14:00` → [120, 840]; anything else throws, saying what is wrong. */
export function parseBackupSchedule(raw: string): BackupSchedule {
  const text = raw.trim();
  if (text.toLowerCase() === 'off') return [];
  const minutes = text.split(',').map((part) => {
    const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(part.trim());
    if (match === null) throw new BackupScheduleError(`must be off or times of day as HH:MM (24-hour clock, SITE_TIMEZONE), comma-separated, like 02:00 or 02:00,14:00 (got ${JSON.stringify(part.trim().slice(0, 40))})`);
    return Number(match[1]) * 60 + Number(match[2]);
  });
  return [...new Set(minutes)].sort((a, b) => a - b);
}

/** The first scheduled instant strictly after `now`, in ms; null when the schedule is off. */
export function nextBackupAt(schedule: BackupSchedule, now: number, timeZone: string): number | null {
  if (schedule.length === 0) return null;
  const today = siteToday(now, timeZone);
  // Today's times, then tomorrow's (and the day after, should a change of offset skip one).
  for (let days = 0; days <= 2; days += 1) {
    for (const minutes of schedule) {
      const at = siteTimeOn(today, minutes, timeZone, days);
      if (at > now) return at;
    }
  }
  return null;
}
