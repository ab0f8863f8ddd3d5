/*
 * CSV cells for the owner's files (`npm run subscribers -- --csv` and `--brevo-csv`, `npm run
 * clicks -- --csv`, the console's exports), one guard for all of them (README.md, "Abuse paths
 * and the limits that stop them"):
 * - quoted: a cell holding a comma or a semicolon (the delimiters spreadsheets split on: Excel
 *   splits a .csv on `;` where a comma is the decimal sign), a quote or a line break; quotes
 *   doubled (RFC 4180).
 * - guarded: an apostrophe before every place a spreadsheet could start a cell with = + - @, a
 *   tab or a carriage return, so a visitor's "=HYPERLINK(…)" stays text (OWASP's CSV injection
 *   advice). That is the cell's start, and, because a spreadsheet splitting on `;` takes a
 *   quote as a quote only at the start of a cell and then ends the row at a line break, also
 *   the place after each comma, semicolon, tab or line break inside it: `Acme;=1+2` is written
 *   `"Acme;'=1+2"`. The guard reads the value as the spreadsheet does after unquoting.
 * One column is written as it is where it is a plain phone number: the SMS column of Brevo's
 * contact import, which takes `+` and the country code (`phoneNumberCell`).
 */

/** A cell written as it is when it is a plain phone number (`+` and digits), guarded otherwise. */
export interface PhoneNumberCell {
  phoneNumber: string;
}

export type CsvCell = string | PhoneNumberCell;

export const phoneNumberCell = (phoneNumber: string): PhoneNumberCell => ({ phoneNumber });

/** Where a spreadsheet may start a cell inside a value, followed by what makes that cell a formula. */
const FORMULA_AT_CELL_START = /(?<=^|[,;\t\r\n])(?=[=+\-@\t\r])/g;
const NEEDS_QUOTES = /[",;\r\n]/;
const PLAIN_PHONE_NUMBER = /^\+[0-9]+$/;

export function csvCell(cell: CsvCell): string {
  if (typeof cell !== 'string') return PLAIN_PHONE_NUMBER.test(cell.phoneNumber) ? cell.phoneNumber : csvCell(cell.phoneNumber);
  const text = cell.replace(FORMULA_AT_CELL_START, "'");
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as CSV text, comma-separated, CRLF line ends. */
export function csvText(rows: ReadonlyArray<readonly CsvCell[]>): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
