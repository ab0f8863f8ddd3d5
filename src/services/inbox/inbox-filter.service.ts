// The inbox list's filter as the console's address keeps it: `#/messages?state=spam&q=…` (the hash, so
// the filter survives a reload and the back button without reaching the server's logs), read
// into an InboxQuery and written back from one. Only values the protocol takes are kept.
import { is } from 'superstruct';
import { CONSOLE_HASH, hashWithQuery } from '../../validation/console/console-hashes.ts';
import { DEFAULT_INBOX_STATE, INBOX_STATES, InboxQueryStruct, SEARCH_MAX, type InboxQuery, type InboxState } from '../../validation/inbox/inbox.protocol.ts';

/** The filter's fields, in the form's order. */
export const FILTER_FIELDS = ['form', 'state', 'from', 'to', 'q'] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];
/** The filter as the form edits it: every field a string ('' for none; state DEFAULT_INBOX_STATE, every message but spam, when the address names none). */
export type InboxFilter = Record<FilterField, string>;

export const EMPTY_FILTER: InboxFilter = { form: '', state: DEFAULT_INBOX_STATE, from: '', to: '', q: '' };

const isState = (value: string): value is InboxState => (INBOX_STATES as readonly string[]).includes(value);

/** The filter a hash route's query names (`#/messages?state=spam&q=pump`); what the protocol refuses is left out. */
export function filterFromHash(hash: string): InboxFilter {
  const question = hash.indexOf('?');
  const params = new URLSearchParams(question === -1 ? '' : hash.slice(question + 1));
  const filter = { ...EMPTY_FILTER };
  for (const field of FILTER_FIELDS) {
    const value = params.get(field);
    if (value === null) continue;
    if (is({ [field]: value }, InboxQueryStruct)) filter[field] = field === 'q' ? value.slice(0, SEARCH_MAX) : value;
  }
  if (!isState(filter.state)) filter.state = EMPTY_FILTER.state;
  return filter;
}

/** The query the server is asked (no empty field, no state when it is the default), with the page's cursor. */
export function queryOf(filter: InboxFilter, cursor: string | null = null): InboxQuery {
  const query: InboxQuery = {};
  if (filter.form) query.form = filter.form;
  if (isState(filter.state) && filter.state !== DEFAULT_INBOX_STATE) query.state = filter.state;
  if (filter.from) query.from = filter.from;
  if (filter.to) query.to = filter.to;
  const q = filter.q.trim();
  if (q) query.q = q;
  if (cursor) query.cursor = cursor;
  return query;
}

/** The hash route of the list with this filter: `#/messages`, or `#/messages?state=spam&q=pump`. */
export function hashOf(filter: InboxFilter): string {
  const search = new URLSearchParams(queryOf(filter) as Record<string, string>).toString();
  return hashWithQuery(CONSOLE_HASH.messages, search);
}

/** The filter's mistakes, by field: a `to` date before `from`, a date that is not one. */
export function filterErrors(filter: InboxFilter): Partial<Record<FilterField, string>> {
  const errors: Partial<Record<FilterField, string>> = {};
  const date = /^\d{4}-\d{2}-\d{2}$/;
  if (filter.from && !date.test(filter.from)) errors.from = 'Enter the “from” date as a real date, for example 2026-03-01.';
  if (filter.to && !date.test(filter.to)) errors.to = 'Enter the “to” date as a real date, for example 2026-03-31.';
  if (!errors.from && !errors.to && filter.from && filter.to && filter.to < filter.from) {
    errors.to = 'The “to” date must be the same as or after the “from” date.';
  }
  return errors;
}

/** The filter of the page's address as the inbox opens. */
export function filterOfAddress(): InboxFilter {
  return typeof window === 'undefined' ? { ...EMPTY_FILTER } : filterFromHash(window.location.hash);
}
