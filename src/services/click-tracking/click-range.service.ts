// The clicks page's range as the console's address keeps it (`#/clicks?days=90`,
// `#/clicks?from=2026-10-01&to=2026-10-31`; README.md "Click tracking"): read from the hash's
// query into the protocol's ClicksQuery, checked by the protocol's own rules, and written back.
import { CONSOLE_HASH, hashWithQuery } from '../../validation/console/console-hashes.ts';
import { clickRangeQuery, resolveClickRange, type ClickRange, type ClicksQuery } from '../../validation/click-tracking/click-reports.protocol.ts';

/** The query a hash's query string names: only the protocol's three fields, as written. */
export function clicksQueryOf(search: string): ClicksQuery {
  const params = new URLSearchParams(search);
  const query: ClicksQuery = {};
  for (const field of ['days', 'from', 'to'] as const) {
    const value = params.get(field);
    if (value !== null) query[field] = value;
  }
  return query;
}

/** The query's own text: the range's when it is one (so `#/clicks` and `?days=30` are the same), else as written. */
export function queryText(query: ClicksQuery): string {
  const resolved = resolveClickRange(query);
  if (resolved.ok) return clickRangeQuery(resolved.range);
  return new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString();
}

/** The page's hash for a query. */
export const clicksHashOf = (query: ClicksQuery): string => hashWithQuery(CONSOLE_HASH.clicks, queryText(query));

/** The query string of a range for the API (`{days: '90'}` or `{from, to}`). */
export function rangeSearchParams(range: ClickRange): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(clickRangeQuery(range)));
}
