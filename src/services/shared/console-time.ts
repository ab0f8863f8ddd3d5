// Every time the console shows is in the company's time zone (SITE_TIMEZONE, which the session
// answers as `timeZone`), in one format (README.md, the owner's console).
const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatConsoleTime(iso: string, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-ZA', { timeZone, dateStyle: 'medium', timeStyle: 'short' });
    formatters.set(timeZone, formatter);
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatter.format(date);
}

const dayFormats = {
  long: new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }),
  short: new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' }),
};

/** A company day (`YYYY-MM-DD`, already in SITE_TIMEZONE) as people read it: "Mon, 23 Nov 2026" or "23 Nov". */
export function formatConsoleDay(day: string, style: keyof typeof dayFormats = 'long'): string {
  return dayFormats[style].format(new Date(`${day}T00:00:00Z`));
}
