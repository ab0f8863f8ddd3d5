// One reading of "a date": YYYY-MM-DD naming a day that exists (2024-02-29 yes, 2023-02-29
// and 2024-02-30 no). Used by the form struct (date limits) and by the validation engine's
// date rules, which import it from here because content never imports the site.
const isoDate = /^([0-9]{4,})-([0-9]{2})-([0-9]{2})$/;

export function isCalendarDate(text: string): boolean {
  const match = isoDate.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one (UTC: no time zone shifts).
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}
