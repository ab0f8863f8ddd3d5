import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { addDays, dayStart } from './site-days.ts';
import { siteDayOf, siteWeekStart } from './site-weeks.ts';

/*
 * Messages of the inbox per company day (README.md "The dashboard"): this week's and last week's,
 * Monday to Sunday in SITE_TIMEZONE, spam left out (what the inbox shows as messages). Two weeks
 * of messages are few, so their times are read and counted here, on the company's clock, with
 * the same code on SQLite and PostgreSQL.
 */

export interface DayCount {
  /** The company day, `YYYY-MM-DD`. */
  day: string;
  count: number;
}

export interface WeekOfMessages {
  /** The week's Monday, `YYYY-MM-DD`. */
  weekStart: string;
  /** Monday to Sunday: seven days, days to come included (as 0). */
  days: DayCount[];
  total: number;
}

/** The seven days of the week starting `monday`, counted from `days` (company days → count). */
function weekOf(monday: string, counts: Map<string, number>): WeekOfMessages {
  const days = Array.from({ length: 7 }, (_, index) => addDays(monday, index)).map((day) => ({ day, count: counts.get(day) ?? 0 }));
  return { weekStart: monday, days, total: days.reduce((sum, day) => sum + day.count, 0) };
}

/** This week's and last week's messages (not spam) per company day. */
export async function messagesThisAndLastWeek(db: Kysely<Database>, now: number, timeZone: string): Promise<{ thisWeek: WeekOfMessages; lastWeek: WeekOfMessages }> {
  const thisMonday = siteWeekStart(now, timeZone);
  const lastMonday = addDays(thisMonday, -7);
  const rows = await db
    .selectFrom('submissions')
    .select('created_at')
    .where('spam', '=', 0)
    .where('created_at', '>=', new Date(dayStart(lastMonday, timeZone)).toISOString())
    .where('created_at', '<', new Date(dayStart(thisMonday, timeZone, 7)).toISOString())
    .execute();
  const counts = new Map<string, number>();
  for (const { created_at } of rows) {
    const day = siteDayOf(created_at, timeZone);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return { thisWeek: weekOf(thisMonday, counts), lastWeek: weekOf(lastMonday, counts) };
}
