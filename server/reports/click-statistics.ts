import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { addDays, dayStart, siteToday } from './site-days.ts';

/*
 * The numbers of followed links (README.md "Click tracking"), shared by `npm run clicks`, the
 * console's clicks page and its dashboard: clicks per company day, the most followed links and
 * each page's links. A period is two ISO instants, `from` inclusive and `to` exclusive (times are
 * stored as ISO UTC text, which sorts as time, so the same SQL serves SQLite and PostgreSQL);
 * `sitePeriod` turns company days (SITE_TIMEZONE) into one.
 */

export interface ClickPeriod {
  /** ISO instants: from (inclusive) and to (exclusive). */
  from: string;
  to: string;
}

/** One link on one page, with its clicks in a period. */
export interface LinkClicks {
  /** The page: its id from content, or its URL for a page without one. */
  page: string;
  target: string;
  anchor: string;
  clicks: number;
  /** ISO times of the first and last click in the period. */
  first: string;
  last: string;
}

/** Whole company days `fromDay` to `toDay` (both `YYYY-MM-DD`, both included) as a period. */
export function sitePeriod(fromDay: string, toDay: string, timeZone: string): ClickPeriod {
  return { from: new Date(dayStart(fromDay, timeZone)).toISOString(), to: new Date(dayStart(toDay, timeZone, 1)).toISOString() };
}

/** The last `days` company days, today included, as a period and its first and last day. */
export function lastSiteDays(days: number, now: number, timeZone: string): ClickPeriod & { fromDay: string; toDay: string } {
  const toDay = siteToday(now, timeZone);
  const fromDay = addDays(toDay, -(days - 1));
  return { ...sitePeriod(fromDay, toDay, timeZone), fromDay, toDay };
}

/** Every link clicked in the period, most followed first (then by page and target). */
export async function linkClicks(db: Kysely<Database>, { from, to }: ClickPeriod): Promise<LinkClicks[]> {
  const rows = await db
    .selectFrom('click_hits as hit')
    .innerJoin('click_links as link', 'link.id', 'hit.link_id')
    .select((eb) => [
      'link.post_id as postId',
      'link.page_url as pageUrl',
      'link.target as target',
      'link.anchor as anchor',
      eb.fn.countAll<number | string>().as('clicks'),
      eb.fn.min('hit.clicked_at').as('first'),
      eb.fn.max('hit.clicked_at').as('last'),
    ])
    .where('hit.clicked_at', '>=', from)
    .where('hit.clicked_at', '<', to)
    .groupBy(['link.id', 'link.post_id', 'link.page_url', 'link.target', 'link.anchor'])
    .execute();
  return rows
    .map((row) => ({
      page: row.postId === 0 ? row.pageUrl : String(row.postId),
      target: row.target,
      anchor: row.anchor,
      clicks: Number(row.clicks),
      first: String(row.first),
      last: String(row.last),
    }))
    .sort((a, b) => b.clicks - a.clicks || a.page.localeCompare(b.page) || a.target.localeCompare(b.target) || a.anchor.localeCompare(b.anchor));
}

export interface DayClicks {
  /** The company day, `YYYY-MM-DD`. */
  day: string;
  clicks: number;
}

/**
 * Clicks per company day (SITE_TIMEZONE) in the period, every day from the one `from` falls on
 * to the one before `to`, days without clicks as 0. Counted in one query: each click falls in
 * the day whose start it is not before (the boundaries are computed here, with the zone's
 * summer time, so neither database needs time zone data).
 */
export async function clicksPerDay(db: Kysely<Database>, { from, to, timeZone }: ClickPeriod & { timeZone: string }): Promise<DayClicks[]> {
  const firstDay = siteToday(Date.parse(from), timeZone);
  const lastDay = siteToday(Date.parse(to) - 1, timeZone);
  const days: string[] = [];
  for (let day = firstDay; day <= lastDay; day = addDays(day, 1)) days.push(day);
  if (days.length === 0) return [];
  // Day i runs from the start of day i (or `from`) to the start of day i + 1; a CASE that tries
  // the ends in order names a click's day by its index (literal indexes: they are ours).
  const ends = days.slice(0, -1).map((day) => new Date(dayStart(day, timeZone, 1)).toISOString());
  const dayIndex =
    ends.length === 0
      ? sql<number>`0`
      : sql<number>`case ${sql.join(
          ends.map((end, index) => sql`when hit.clicked_at < ${end} then ${sql.lit(index)}`),
          sql` `,
        )} else ${sql.lit(ends.length)} end`;
  // Grouped outside a subquery: PostgreSQL would not see the CASE in GROUP BY, its parameters
  // numbered anew, as the selected one.
  const bucketed = db
    .selectFrom('click_hits as hit')
    .select(dayIndex.as('day_index'))
    .where('hit.clicked_at', '>=', from)
    .where('hit.clicked_at', '<', to)
    .as('bucketed');
  const rows = await db
    .selectFrom(bucketed)
    .select((eb) => ['bucketed.day_index as dayIndex', eb.fn.countAll<number | string>().as('clicks')])
    .groupBy('bucketed.day_index')
    .execute();
  const counts = new Map(rows.map((row) => [Number(row.dayIndex), Number(row.clicks)]));
  return days.map((day, index) => ({ day, clicks: counts.get(index) ?? 0 }));
}

export interface TopLink {
  target: string;
  /** Every anchor text the link has had, most clicked first. */
  anchors: string[];
  /** Every page it was followed from, most clicks first. */
  pages: string[];
  clicks: number;
}

/** Names in the order of their clicks, most first. */
const byClicks = (counts: Map<string, number>) => [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name]) => name);

/** The `limit` most followed targets of the period (a target on several pages or under several anchors counted once). */
export async function topLinks(db: Kysely<Database>, { from, to, limit }: ClickPeriod & { limit: number }): Promise<TopLink[]> {
  const targets = new Map<string, { clicks: number; anchors: Map<string, number>; pages: Map<string, number> }>();
  for (const row of await linkClicks(db, { from, to })) {
    const target = targets.get(row.target) ?? { clicks: 0, anchors: new Map<string, number>(), pages: new Map<string, number>() };
    target.clicks += row.clicks;
    target.anchors.set(row.anchor, (target.anchors.get(row.anchor) ?? 0) + row.clicks);
    target.pages.set(row.page, (target.pages.get(row.page) ?? 0) + row.clicks);
    targets.set(row.target, target);
  }
  return [...targets]
    .map(([target, { clicks, anchors, pages }]) => ({ target, anchors: byClicks(anchors), pages: byClicks(pages), clicks }))
    .sort((a, b) => b.clicks - a.clicks || a.target.localeCompare(b.target))
    .slice(0, limit);
}

export interface PageLinks {
  page: string;
  clicks: number;
  /** The page's links, most followed first, each with its anchor, target, clicks, first and last click. */
  links: Array<Omit<LinkClicks, 'page'>>;
}

/** Per page, its followed links; pages with the most clicks first. */
export async function pageLinkTable(db: Kysely<Database>, period: ClickPeriod): Promise<PageLinks[]> {
  const pages = new Map<string, PageLinks>();
  for (const { page, ...link } of await linkClicks(db, period)) {
    const entry = pages.get(page) ?? { page, clicks: 0, links: [] };
    entry.clicks += link.clicks;
    entry.links.push(link);
    pages.set(page, entry);
  }
  return [...pages.values()].sort((a, b) => b.clicks - a.clicks || a.page.localeCompare(b.page));
}
