/*
 * RFC 4180 CSV cells for the owner's reports (`npm run subscribers -- --csv`, `npm run clicks
 * -- --csv`): fields with a comma, quote or line break quoted, quotes doubled. A cell that a
 * spreadsheet would read as a formula (starting with = + - @, or a tab or carriage return) gets
 * a leading apostrophe, so a visitor's "=HYPERLINK(…)" stays text (OWASP's CSV injection advice).
 */

export function csvCell(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as CSV text, CRLF line ends. */
export function csvText(rows: ReadonlyArray<readonly string[]>): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
