// Every time the console shows, in the company's time zone (SITE_TIMEZONE, the session's
// timeZone), written one way (README.md, "The console").
const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatConsoleTime(iso: string, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-ZA', { timeZone, dateStyle: 'medium', timeStyle: 'short' });
    formatters.set(timeZone, formatter);
  }
  return formatter.format(new Date(iso));
}
