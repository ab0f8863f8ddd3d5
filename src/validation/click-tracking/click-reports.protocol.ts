// The console's clicks page protocol (README.md "Click tracking", the clicks page), written once
// for the browser (services/click-tracking/click-reports.client.ts) and the server
// (server/click-tracking/click-reports.route.ts): the routes below CONSOLE_API, the range a
// report covers (the last 30 or 90 days, or two company days) with its checks, and the answer.
// Browser-safe, and never imported by the public site's code (its click tracking stays small).
import { array, enums, nullable, number, object, optional, pattern, string, type Infer } from 'superstruct';
import { addDays, isCalendarDay } from '../shared/site-time.ts';

/** Routes below CONSOLE_API. */
export const CLICK_REPORTS_ROUTE = {
  /** GET ?ClicksQuery: ClicksSummary, both roles. */
  summary: '/clicks',
  /** GET ?ClicksQuery: every page's links as CSV, streamed, audited as `export`; both roles. */
  exportCsv: '/clicks/export.csv',
} as const;

/** The ranges offered as "the last … days"; the last 30 without a query. */
export const CLICK_RANGE_DAYS = ['30', '90'] as const;
export type ClickRangeDays = (typeof CLICK_RANGE_DAYS)[number];
/** The longest range of two dates, in days (a year, leap or not). */
export const CLICK_RANGE_MAX_DAYS = 366;
/** Links in the bar chart of the most followed. */
export const TOP_LINKS = 10;

export const CLICK_REPORTS_ERROR = {
  /** 400: the range is wrong (`data.field` names `days`, `from` or `to`). */
  invalidRange: 'clicks_invalid_range',
} as const;

const isoDate = pattern(string(), /^\d{4}-\d{2}-\d{2}$/);

/** The query string as sent: all optional; `resolveClickRange` says what it means. */
export const ClicksQueryStruct = object({
  days: optional(string()),
  from: optional(string()),
  to: optional(string()),
});
export type ClicksQuery = Infer<typeof ClicksQueryStruct>;

/** A range as asked for: the last 30 or 90 company days, or from one company day to another (both included). */
export type ClickRange = { kind: 'days'; days: ClickRangeDays } | { kind: 'dates'; from: string; to: string };
export type ClickRangeField = 'days' | 'from' | 'to';
export type ClickRangeResult = { ok: true; range: ClickRange } | { ok: false; field: ClickRangeField; message: string };

const problem = (field: ClickRangeField, message: string): ClickRangeResult => ({ ok: false, field, message });

/** Days from `from` to `to`, both included. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * What a query asks for, or the first thing wrong with it, said so that a person can put it
 * right (the console's date form shows it beside the field; the server answers it as a 400).
 */
export function resolveClickRange(query: ClicksQuery): ClickRangeResult {
  const { days, from, to } = query;
  const dates = from !== undefined || to !== undefined;
  if (days !== undefined) {
    if (dates) return problem('days', 'Ask for the last 30 or 90 days, or for two dates, not both.');
    if (!(CLICK_RANGE_DAYS as readonly string[]).includes(days)) return problem('days', `The range is the last 30 or the last 90 days, not ${JSON.stringify(days)}.`);
    return { ok: true, range: { kind: 'days', days: days as ClickRangeDays } };
  }
  if (!dates) return { ok: true, range: { kind: 'days', days: '30' } };
  if (from === undefined || from === '') return problem('from', 'Enter the first day of the range.');
  if (!isCalendarDay(from)) return problem('from', `The first day must be a real date, as YYYY-MM-DD (not ${JSON.stringify(from)}).`);
  if (to === undefined || to === '') return problem('to', 'Enter the last day of the range.');
  if (!isCalendarDay(to)) return problem('to', `The last day must be a real date, as YYYY-MM-DD (not ${JSON.stringify(to)}).`);
  if (to < from) return problem('to', 'The last day is before the first day.');
  const length = daysInRange(from, to);
  if (length > CLICK_RANGE_MAX_DAYS) return problem('to', `A range is at most ${CLICK_RANGE_MAX_DAYS} days; this one is ${length}. Choose a later first day or an earlier last day.`);
  return { ok: true, range: { kind: 'dates', from, to } };
}

/** A range as the console's address and the API's query string write it (`days=90`, `from=…&to=…`). */
export function clickRangeQuery(range: ClickRange): string {
  return range.kind === 'days' ? `days=${range.days}` : `from=${range.from}&to=${range.to}`;
}

/** The company days a range covers, given today's (the range of "the last n days" ends today). */
export function clickRangeDays(range: ClickRange, today: string): { from: string; to: string } {
  return range.kind === 'dates' ? { from: range.from, to: range.to } : { from: addDays(today, -(Number(range.days) - 1)), to: today };
}

export const DayClicksStruct = object({ day: isoDate, clicks: number() });
export const TopLinkStruct = object({ target: string(), anchors: array(string()), pages: array(string()), clicks: number() });
export const PageLinkStruct = object({ anchor: string(), target: string(), clicks: number(), first: string(), last: string() });
export const PageLinksStruct = object({
  /** The page's address on the site (or its content id when the build no longer has it). */
  page: string(),
  clicks: number(),
  links: array(PageLinkStruct),
});

export const ClicksSummaryStruct = object({
  /** The company days covered, both included; `days` when the range was "the last n days". */
  range: object({ from: isoDate, to: isoDate, days: nullable(enums(CLICK_RANGE_DAYS)) }),
  total: number(),
  /** Every day of the range, days without clicks as 0. */
  perDay: array(DayClicksStruct),
  /** The TOP_LINKS most followed targets. */
  topLinks: array(TopLinkStruct),
  /** Every page with a followed link, the most clicked first (bounded: only the site's own pages and links are stored). */
  pages: array(PageLinksStruct),
});
export type ClicksSummary = Infer<typeof ClicksSummaryStruct>;
export type DayClicks = Infer<typeof DayClicksStruct>;
export type TopLink = Infer<typeof TopLinkStruct>;
export type PageLinks = Infer<typeof PageLinksStruct>;
