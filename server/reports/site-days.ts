/*
 * The company's days (SITE_TIMEZONE, README.md "The inbox"): the inbox's date filter takes
 * whole days as the company counts them, and the export writes times as its staff read them;
 * the click reports (README.md "Click tracking") count clicks per company day.
 * Built on Intl's time zone data, so summer time (where a zone has it) is right.
 */

import { addDays, isCalendarDay } from '../../src/validation/shared/site-time.ts';

// Calendar days are browser-safe (the console checks a date range with the same rules).
export { addDays, isCalendarDay };

const partsFormat = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormat.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    partsFormat.set(timeZone, format);
  }
  return format;
}

/** The wall-clock fields of an instant in a time zone. */
function wallClock(ms: number, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number> {
  const fields = Object.fromEntries(formatter(timeZone).formatToParts(new Date(ms)).filter((part) => part.type !== 'literal').map((part) => [part.type, Number(part.value)]));
  return { year: fields.year!, month: fields.month!, day: fields.day!, hour: fields.hour! % 24, minute: fields.minute!, second: fields.second! };
}

/** How far the zone's clock is ahead of UTC at an instant, in ms. */
function offsetAt(ms: number, timeZone: string): number {
  const wall = wallClock(ms, timeZone);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - Math.floor(ms / 1000) * 1000;
}

/** The instant a company day (`YYYY-MM-DD`) starts, in ms; `days` later days with `days`. */
export function dayStart(day: string, timeZone: string, days = 0): number {
  return siteTimeOn(day, 0, timeZone, days);
}

/**
 * The instant the company's clock shows `minutes` past midnight on a day (`days` later days
 * with `days`), in ms: the backups' schedule (README.md, "Backups and restore"). A time that
 * a change of offset skips comes out as the same instant of the clock before the change.
 */
export function siteTimeOn(day: string, minutes: number, timeZone: string, days = 0): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const utcWall = Date.UTC(year, month - 1, date + days) + minutes * 60_000;
  // The offset at the guess, then again at the corrected instant (a change of offset that day).
  const first = utcWall - offsetAt(utcWall, timeZone);
  return utcWall - offsetAt(first, timeZone);
}

/** An instant as the company's clock shows it: `YYYY-MM-DD HH:MM`. */
export function siteClockTime(iso: string, timeZone: string): string {
  const wall = wallClock(Date.parse(iso), timeZone);
  const two = (value: number) => String(value).padStart(2, '0');
  // Four digits always: days are compared as text, and year 999 must sort before 1000.
  return `${String(wall.year).padStart(4, '0')}-${two(wall.month)}-${two(wall.day)} ${two(wall.hour)}:${two(wall.minute)}`;
}

/** Today's date on the company's clock: `YYYY-MM-DD`. */
export function siteToday(now: number, timeZone: string): string {
  return siteClockTime(new Date(now).toISOString(), timeZone).slice(0, 10);
}
