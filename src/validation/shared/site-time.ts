// Times as the company reads them (README.md, "The console"): every time the console and the
// command-line tools show is in SITE_TIMEZONE (default Africa/Johannesburg), not UTC. Stored
// times stay ISO-8601 UTC (server/db/types.ts). Browser-safe, shared by the console and the server.

export const DEFAULT_SITE_TIMEZONE = 'Africa/Johannesburg';

const tableFormats = new Map<string, Intl.DateTimeFormat>();

/** `2026-11-26 19:05` in the time zone: for tables in a terminal (sortable, fixed width). */
export function formatSiteTime(iso: string, timeZone: string, { seconds = false } = {}): string {
  const key = `${timeZone}|${seconds}`;
  let format = tableFormats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      ...(seconds ? { second: '2-digit' } : {}),
      hourCycle: 'h23',
    });
    tableFormats.set(key, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}${seconds ? `:${parts.second}` : ''}`;
}

/** Whether `YYYY-MM-DD` names a real calendar day. */
export function isCalendarDay(day: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (match === null) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === day;
}

/** The calendar day `days` after `day` (both `YYYY-MM-DD`; `days` may be negative). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}
