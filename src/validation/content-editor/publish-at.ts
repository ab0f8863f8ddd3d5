// When a scheduled change may go live (README.md, "Editing the site", scheduled publishing):
// a time with its offset, after now and at most SCHEDULE_AHEAD_MAX_DAYS ahead. One check for the
// console, which says it beside the field, and the server, which refuses with the same words.
// Pure and browser-safe.
import { SCHEDULE_AHEAD_MAX_DAYS } from './content-editor.protocol.ts';

/** An ISO 8601 date and time with seconds optional and a Z or ±hh:mm offset. */
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

export const PUBLISH_AT_MESSAGES = {
  missing: 'Choose the date and time it goes live.',
  notATime: 'Write the time as a date and a time, like 2026-12-24T06:00:00+02:00.',
  past: 'Choose a time after now: that time has passed.',
  tooFar: `Choose a time within ${SCHEDULE_AHEAD_MAX_DAYS} days from now.`,
} as const;

/** Whether the date at the start of `text` is one of the calendar's (not 30 February, which Date.parse would roll over). */
function isCalendarDate(text: string): boolean {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The milliseconds `text` stands for, or why it cannot be a change's time (PUBLISH_AT_MESSAGES). */
export function publishAtOf(text: string, now: number): { at: number } | { problem: string } {
  if (text.trim() === '') return { problem: PUBLISH_AT_MESSAGES.missing };
  const at = ISO_WITH_OFFSET.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(at) || !isCalendarDate(text)) return { problem: PUBLISH_AT_MESSAGES.notATime };
  if (at <= now) return { problem: PUBLISH_AT_MESSAGES.past };
  if (at > now + SCHEDULE_AHEAD_MAX_DAYS * 86_400_000) return { problem: PUBLISH_AT_MESSAGES.tooFar };
  return { at };
}

/** The offset of `timeZone` from UTC at instant `at`, in milliseconds (Johannesburg: +2 h). */
function offsetAt(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value ?? 0);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')) - Math.floor(at / 1000) * 1000;
}

const pad = (value: number) => String(Math.abs(value)).padStart(2, '0');

/**
 * A date and time as the console's field gives it (`2026-12-24T06:00`, on the company's clock,
 * `timeZone`), as an ISO time with that zone's offset then (`2026-12-24T06:00:00+02:00`); '' for
 * anything that is not one. In a zone that moves its clocks, a time that does not exist is read
 * as the offset before the change.
 */
export function zonedTimeToIso(local: string, timeZone: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (match === null) return '';
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(asUtc) || new Date(asUtc).getUTCDate() !== day) return '';
  let offset = offsetAt(asUtc, timeZone);
  offset = offsetAt(asUtc - offset, timeZone);
  const minutes = Math.round(offset / 60_000);
  return `${local}:00${minutes < 0 ? '-' : '+'}${pad(Math.trunc(minutes / 60))}:${pad(minutes % 60)}`;
}
