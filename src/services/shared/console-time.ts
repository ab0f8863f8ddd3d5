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
