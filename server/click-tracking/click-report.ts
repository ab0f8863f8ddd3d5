import { formatSiteTime } from '../../src/validation/shared/site-time.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { linkClicks, type LinkClicks } from '../reports/click-statistics.ts';
import { csvText } from '../reports/csv.ts';

/*
 * The site owner's report of followed links (`npm run clicks`): per page and link, the clicks
 * in a period with the first and last, most followed first. The site's own links (in-page
 * anchors, its other pages) are left out unless asked for: the owner wants to know which
 * outside links people follow.
 */

/** One link on one page with its clicks (server/reports/click-statistics.ts). */
export type ClickReportRow = LinkClicks;

export interface ClickReportOptions {
  /** ISO times, from (inclusive) and until (exclusive). */
  since: string;
  until: string;
  /** The site's own host: links to it are left out unless `includeOwn`. */
  siteHostname: string;
  includeOwn: boolean;
}

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
};

export async function clickReport(db: Kysely<Database>, options: ClickReportOptions): Promise<ClickReportRow[]> {
  const rows = await linkClicks(db, { from: options.since, to: options.until });
  return rows.filter((row) => options.includeOwn || hostOf(row.target) !== options.siteHostname);
}

export const CLICK_REPORT_HEADER = ['page', 'target', 'anchor', 'clicks', 'first', 'last'] as const;

/** The report's rows as CSV lines, without the header (the console's export streams them in batches). */
export function clickReportCsvRows(rows: readonly ClickReportRow[]): string {
  return csvText(rows.map((row) => [row.page, row.target, row.anchor, String(row.clicks), row.first, row.last]));
}

export function clickReportCsv(rows: readonly ClickReportRow[]): string {
  return csvText([[...CLICK_REPORT_HEADER]]) + clickReportCsvRows(rows);
}

/** A plain-text table for a terminal, its times in `timeZone` (SITE_TIMEZONE). */
export function formatClickReport(rows: readonly ClickReportRow[], options: ClickReportOptions, timeZone: string): string {
  const period = `${options.since.slice(0, 10)} to ${options.until.slice(0, 10)}`;
  if (rows.length === 0) return `No link clicks from ${period}${options.includeOwn ? '' : ' (outside links; --all for the site\'s own)'}.\n`;
  const header = ['clicks', 'page', 'target', 'anchor', 'first', 'last'];
  // One line per link, whatever a beacon sent: line breaks and control characters (a terminal
  // escape sequence in an anchor) become spaces before the cell is cut to its width.
  const cut = (raw: string, width: number) => {
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    const text = raw.replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();
    return text.length > width ? `${text.slice(0, width - 1)}…` : text;
  };
  const cells = rows.map((row) => [String(row.clicks), cut(row.page, 30), cut(row.target, 50), cut(row.anchor, 30), formatSiteTime(row.first, timeZone), formatSiteTime(row.last, timeZone)]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((row) => (row[column] ?? '').length)));
  const line = (values: string[]) => values.map((value, column) => value.padEnd(widths[column] ?? 0)).join('  ').trimEnd();
  return `${[`Link clicks from ${period}`, '', line(header), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)].join('\n')}\n`;
}
