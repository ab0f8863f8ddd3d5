// Brevo date attributes are typed as text in the form's format. The plugin only filters keys;
// we also check the date exists, so a subscriber record never holds "31-02-2027".

export type DateFormat = 'dd-mm-yyyy' | 'mm-dd-yyyy';

/** "05-03-2027" in dd-mm-yyyy → "2027-03-05"; slashes or spaces as separators too; null if not a real date. */
export function parseAttributeDate(value: string, format: DateFormat): string | null {
  const match = /^\s*([0-9]{1,2})[-/ ]([0-9]{1,2})[-/ ]([0-9]{4})\s*$/.exec(value);
  if (!match) return null;
  const [first, second, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const [day, month] = format === 'dd-mm-yyyy' ? [first, second] : [second, first];
  if (month < 1 || month > 12 || day < 1 || year < 1900) return null;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return `${String(year)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** How the format reads to a visitor, for the error message: "dd-mm-yyyy, like 05-03-2027". */
export function dateFormatExample(format: DateFormat): string {
  return format === 'dd-mm-yyyy' ? 'dd-mm-yyyy, like 05-03-2027' : 'mm-dd-yyyy, like 03-05-2027';
}
