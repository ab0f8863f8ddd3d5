import { sql, type Kysely, type SqlBool } from 'kysely';
import { validate } from 'superstruct';
import { DEFAULT_INBOX_STATE, INBOX_ERROR, INBOX_PAGE_SIZE, InboxQueryStruct, type InboxCounts, type InboxState } from '../../src/validation/inbox/inbox.protocol.ts';
import { idsOfParam } from '../../src/validation/shared/bulk-action.protocol.ts';
import { dialectOf } from '../db/dialect.ts';
import type { Database } from '../db/types.ts';
import { RestError } from '../http/rest-error.ts';
import { dayStart, isCalendarDay } from '../reports/site-days.ts';

/*
 * The inbox's list (README.md, "The inbox"): filters by form, state, the company's days and a
 * search, newest first, paged by an opaque keyset cursor (the id of the last message shown),
 * so a page costs the same however deep it is and a message arriving while someone pages does
 * not shift the pages. Newest is the order of arrival: ids are given as messages are
 * committed. Ordering by id lets SQLite read a search's matches from FTS5 newest first and
 * stop at a page, rather than sort every match (ARCHITECTURE.md, "The inbox's search index").
 */

export interface InboxFilter {
  form?: string;
  state: InboxState;
  from?: string;
  to?: string;
  q?: string;
  /** The export of a selection: only these messages (within the rest of the filter). */
  ids?: number[];
}

/** Where a page starts: after this message, in newest-first order. */
export interface Keyset {
  id: number;
}

function invalidQuery(field: string, message: string): RestError {
  return new RestError(400, INBOX_ERROR.invalidQuery, message, { field });
}

export function encodeCursor(after: Keyset): string {
  return Buffer.from(JSON.stringify({ after: after.id })).toString('base64url');
}

/** A cursor this server made, or a 400: anything else (forged, cut short) is refused before any query. */
export function decodeCursor(cursor: string): Keyset {
  let value: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error('not base64url');
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidQuery('cursor', 'The page cursor is not one this inbox gave. Start again from the first page.');
  }
  const after = typeof value === 'object' && value !== null && Object.keys(value).length === 1 ? (value as { after?: unknown }).after : undefined;
  if (typeof after !== 'number' || !Number.isSafeInteger(after) || after < 1 || after > 2_147_483_647) {
    throw invalidQuery('cursor', 'The page cursor is not one this inbox gave. Start again from the first page.');
  }
  return { id: after };
}

/** The query string of the list and the export, checked: a wrong parameter is a 400 naming it. */
export function parseInboxQuery(query: unknown, { cursor: cursorAllowed }: { cursor: boolean }): { filter: InboxFilter; after: Keyset | null } {
  const [error, value] = validate(query ?? {}, InboxQueryStruct);
  if (error !== undefined) {
    const field = String(error.path[0] ?? error.key ?? 'query');
    throw invalidQuery(field, `The ${field} parameter is not valid: ${error.message}`);
  }
  for (const field of ['from', 'to'] as const) {
    const day = value[field];
    if (day !== undefined && !isCalendarDay(day)) throw invalidQuery(field, `${field} must be a real day as YYYY-MM-DD, not ${day}.`);
  }
  if (value.from !== undefined && value.to !== undefined && value.from > value.to) throw invalidQuery('to', 'The end of the date range is before its start.');
  if (value.cursor !== undefined && !cursorAllowed) throw invalidQuery('cursor', 'The export takes no cursor: it writes every message of the filter.');
  if (value.ids !== undefined && cursorAllowed) throw invalidQuery('ids', 'Only the export takes ids: the list is paged by its filter.');
  const filter: InboxFilter = { state: value.state ?? DEFAULT_INBOX_STATE };
  if (value.form !== undefined) filter.form = value.form;
  if (value.from !== undefined) filter.from = value.from;
  if (value.to !== undefined) filter.to = value.to;
  if (value.q !== undefined && value.q.trim() !== '') filter.q = value.q.trim();
  if (value.ids !== undefined) filter.ids = idsOfParam(value.ids);
  return { filter, after: value.cursor === undefined ? null : decodeCursor(value.cursor) };
}

/** At most this many words of a search are used. */
const MAX_TERMS = 12;

/**
 * The words of a search: letters and digits only, lower case. Everything else (quotes, `*`,
 * `-`, `:`, brackets) separates words, so nothing a visitor or owner types reaches the
 * full-text query language as syntax; `OR` is a word like any other.
 */
export function searchTerms(q: string): string[] {
  return q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
    .slice(0, MAX_TERMS);
}

/** Every word must occur; the last may be the start of a word (the search runs as one types). */
function searchCondition(db: Kysely<Database>, terms: readonly string[]) {
  if (dialectOf(db) === 'postgres') {
    const query = terms.map((term, index) => (index === terms.length - 1 ? `${term}:*` : term)).join(' & ');
    return sql<SqlBool>`s.id in (select submission_id from submission_index where search @@ to_tsquery('simple', ${query}))`;
  }
  // Each word quoted as an FTS5 string (it holds no quote); the last one a prefix.
  const match = terms.map((term, index) => `"${term}"${index === terms.length - 1 ? '*' : ''}`).join(' ');
  return sql<SqlBool>`s.id in (select rowid from submission_search where submission_search match ${match})`;
}

export interface ListedRow {
  id: number;
  form_id: string;
  created_at: string;
  read_at: string | null;
  answered_at: string | null;
  answered_by: string | null;
  spam: number;
  spam_reason: string | null;
  meta: string;
  name: string | null;
  email: string | null;
  company: string | null;
  subject: string | null;
  message: string | null;
}

/** Up to `limit` messages of the filter after `after`, newest first. */
export async function listMessages(db: Kysely<Database>, filter: InboxFilter, options: { timeZone: string; after: Keyset | null; limit: number }): Promise<ListedRow[]> {
  const terms = filter.q === undefined ? [] : searchTerms(filter.q);
  const { after } = options;
  return db
    .selectFrom('submissions as s')
    .leftJoin('submission_index as i', 'i.submission_id', 's.id')
    .select(['s.id', 's.form_id', 's.created_at', 's.read_at', 's.answered_at', 's.answered_by', 's.spam', 's.spam_reason', 's.meta', 'i.name', 'i.email', 'i.company', 'i.subject', 'i.message'])
    .$if(filter.form !== undefined, (query) => query.where('s.form_id', '=', filter.form!))
    .$if(filter.state === 'inbox', (query) => query.where('s.spam', '=', 0))
    .$if(filter.state === 'new', (query) => query.where('s.spam', '=', 0).where('s.read_at', 'is', null))
    .$if(filter.state === 'read', (query) => query.where('s.spam', '=', 0).where('s.read_at', 'is not', null))
    .$if(filter.state === 'unanswered', (query) => query.where('s.spam', '=', 0).where('s.answered_at', 'is', null))
    .$if(filter.state === 'spam', (query) => query.where('s.spam', '=', 1))
    .$if(filter.from !== undefined, (query) => query.where('s.created_at', '>=', new Date(dayStart(filter.from!, options.timeZone)).toISOString()))
    .$if(filter.to !== undefined, (query) => query.where('s.created_at', '<', new Date(dayStart(filter.to!, options.timeZone, 1)).toISOString()))
    .$if(terms.length > 0, (query) => query.where(searchCondition(db, terms)))
    .$if(filter.ids !== undefined, (query) => query.where('s.id', 'in', filter.ids!))
    .$if(after !== null, (query) => query.where('s.id', '<', after!.id))
    .orderBy('s.id', 'desc')
    .limit(options.limit)
    .execute();
}

/** One page of the list: its rows and the next page's cursor. */
export async function listPage(db: Kysely<Database>, filter: InboxFilter, options: { timeZone: string; after: Keyset | null }): Promise<{ rows: ListedRow[]; next: string | null }> {
  const rows = await listMessages(db, filter, { ...options, limit: INBOX_PAGE_SIZE + 1 });
  if (rows.length <= INBOX_PAGE_SIZE) return { rows, next: null };
  const shown = rows.slice(0, INBOX_PAGE_SIZE);
  const last = shown[shown.length - 1]!;
  return { rows: shown, next: encodeCursor({ id: last.id }) };
}

/**
 * How many messages each state filter holds, in one pass over the messages, and the newest
 * that is not spam (InboxCountsStruct).
 */
export async function inboxCounts(db: Kysely<Database>): Promise<InboxCounts> {
  const row = await db
    .selectFrom('submissions')
    .select([
      sql<number | string | null>`sum(case when spam = 0 then 1 else 0 end)`.as('inbox'),
      sql<number | string | null>`sum(case when spam = 0 and read_at is null then 1 else 0 end)`.as('new'),
      sql<number | string | null>`sum(case when spam = 0 and answered_at is null then 1 else 0 end)`.as('unanswered'),
      sql<number | string | null>`sum(case when spam = 0 and read_at is not null then 1 else 0 end)`.as('read'),
      sql<number | string | null>`sum(case when spam = 1 then 1 else 0 end)`.as('spam'),
      sql<number | string>`count(*)`.as('all'),
      sql<number | string | null>`max(case when spam = 0 then id end)`.as('newest'),
    ])
    .executeTakeFirstOrThrow();
  // PostgreSQL answers sums and counts of bigints as strings.
  const count = (value: number | string | null) => Number(value ?? 0);
  return {
    counts: { inbox: count(row.inbox), new: count(row.new), unanswered: count(row.unanswered), read: count(row.read), spam: count(row.spam), all: count(row.all) },
    newest: row.newest === null ? null : Number(row.newest),
  };
}
