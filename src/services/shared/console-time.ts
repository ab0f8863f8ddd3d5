/**
 * A time as the console and the command-line tools show it: in the company's time zone
 * (SITE_TIMEZONE; README.md, "The console"), medium date, short time, South African English.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatConsoleTime(iso: string, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-ZA', { timeZone, dateStyle: 'medium', timeStyle: 'short' });
    formatters.set(timeZone, formatter);
  }
  return formatter.format(new Date(iso));
}
