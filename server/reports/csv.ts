/*
 * RFC 4180 CSV cells for the owner's reports (`npm run subscribers -- --csv`, `npm run clicks
 * -- --csv`, the console's exports): fields with a comma, quote or line break quoted, quotes
 * doubled. A cell that a spreadsheet would read as a formula (starting with = + - @, or a tab or
 * carriage return) gets a leading apostrophe, so a visitor's "=HYPERLINK(…)" stays text (OWASP's
 * CSV injection advice). A file meant for a mailing service's import, never opened in a
 * spreadsheet, is written without that guard (`formulaSafe: false`), so `+27…` stays `+27…`.
 */

export interface CsvOptions {
  /** Prefix formula-like cells with an apostrophe; default true. */
  formulaSafe?: boolean;
}

export function csvCell(value: string, { formulaSafe = true }: CsvOptions = {}): string {
  const text = formulaSafe && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as CSV text, CRLF line ends. */
export function csvText(rows: ReadonlyArray<readonly string[]>, options: CsvOptions = {}): string {
  return rows.map((row) => `${row.map((cell) => csvCell(cell, options)).join(',')}\r\n`).join('');
}
