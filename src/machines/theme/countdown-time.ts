// Pure helpers of the countdown: the time left split into units, and the event's date written
// the same way on the build server and in every browser (no Intl: ICU versions differ, and a
// different string would be a hydration mismatch).

export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Whole units left until `target`; zero everywhere once it has passed. */
export function timeLeft(target: number, now: number): TimeLeft {
  // Round up to whole seconds: 09:00:00 minus 08:59:59.400 still shows one second.
  const total = Math.max(0, Math.ceil((target - now) / SECOND) * SECOND);
  return {
    days: Math.floor(total / DAY),
    hours: Math.floor((total % DAY) / HOUR),
    minutes: Math.floor((total % HOUR) / MINUTE),
    seconds: Math.floor((total % MINUTE) / SECOND),
  };
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const ZONED = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):\d{2}\+02:00$/;

/**
 * "Saturday 5 December 2026 at 09:00 (South African time)" from "2026-12-05T09:00:00+02:00":
 * the wall-clock time in Johannesburg as written, whatever the reader's own time zone.
 */
export function formatSouthAfricanDateTime(iso: string): string {
  const match = ZONED.exec(iso);
  if (!match) throw new Error(`countdown: expected a date like "2026-12-05T09:00:00+02:00", but received: "${iso}"`);
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  return `${WEEKDAYS[weekday]} ${day} ${MONTHS[month - 1]} ${year} at ${time} (South African time)`;
}
