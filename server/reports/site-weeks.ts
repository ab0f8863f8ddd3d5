import { addDays, siteToday } from './site-days.ts';

/*
 * The company's weeks (README.md "The dashboard"): a week starts on Monday at midnight in
 * SITE_TIMEZONE. Days are counted with site-days.ts, so summer time (where a zone has it) is right.
 */

/** The Monday (`YYYY-MM-DD`) of the company week that `day` falls in. */
export function weekStartOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}

/** The Monday of the company week that the instant `now` falls in. */
export function siteWeekStart(now: number, timeZone: string): string {
  return weekStartOf(siteToday(now, timeZone));
}

/** The company day an ISO instant falls on. */
export function siteDayOf(iso: string, timeZone: string): string {
  return siteToday(Date.parse(iso), timeZone);
}
