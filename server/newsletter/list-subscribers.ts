import { formatSiteTime } from '../../src/validation/shared/site-time.ts';
import { sql, type Kysely, type SelectQueryBuilder, type Selectable } from 'kysely';
import type { Database, NewsletterSubscribersTable, SubscriberStatus } from '../db/types.ts';
import { csvText, phoneNumberCell } from '../reports/csv.ts';
import { siteClockTime } from '../reports/site-days.ts';
import { SUBSCRIBER_STATUS_WORDS } from '../../src/validation/newsletter/subscribers.protocol.ts';
import type { NewsletterNames } from './subscriber-console.ts';

/*
 * The subscribers with their latest sign-up consent (form, exact wording, time), for
 * `npm run subscribers` (a table for a terminal, or CSV) and the console's list and exports
 * (README.md, "The console"): one filter (status, list, part of the address), read a batch at
 * a time by id so an export never holds every subscriber in memory.
 */

export { SUBSCRIBER_STATUSES } from '../../src/validation/newsletter/subscribers.protocol.ts';

export interface SubscriberFilter {
  status?: SubscriberStatus;
  /** A Brevo list id the subscriber is on. */
  list?: number;
  /** Part of the address, any case. */
  q?: string;
  /** Only these subscribers (the chosen ones of an export or a bulk action). */
  ids?: number[];
}

export interface SubscriberListing {
  id: number;
  email: string;
  status: SubscriberStatus;
  lists: number[];
  sms: string | null;
  /** Text and date attributes by Brevo name (dates as yyyy-mm-dd). */
  attributes: Record<string, string>;
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  consent: { formId: number | null; wording: string; at: string } | null;
}

type SubscriberQuery = SelectQueryBuilder<Database, 'newsletter_subscribers', object>;

/** The subscribers of `filter` (status aside when `status: false`), as a query to select from. */
export function filteredSubscribers(db: Kysely<Database>, filter: SubscriberFilter, { status = true } = {}): SubscriberQuery {
  const { list, q } = filter;
  // Addresses are stored lower case (subscribe.ts); LIKE's own wildcards in the search are escaped.
  const pattern = q === undefined ? '' : `%${q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return (db.selectFrom('newsletter_subscribers') as SubscriberQuery)
    .$if(status && filter.status !== undefined, (query) => query.where('status', '=', filter.status!))
    .$if(filter.ids !== undefined, (query) => query.where('id', 'in', filter.ids!))
    .$if(q !== undefined, (query) => query.where(sql<boolean>`email like ${pattern} escape '\\'`))
    // `lists` is a JSON array of integers without spaces ("[2,4]"): a list id is one of its comma-separated items.
    .$if(list !== undefined, (query) => query.where(sql<boolean>`',' || replace(replace(lists, '[', ''), ']', '') || ',' like ${`%,${list},%`}`));
}

export type SubscriberRow = Selectable<NewsletterSubscribersTable>;

/** The rows as listings, each with its latest sign-up consent. */
export async function listingsOf(db: Kysely<Database>, rows: readonly SubscriberRow[]): Promise<SubscriberListing[]> {
  if (rows.length === 0) return [];
  const consents = await db
    .selectFrom('newsletter_consents')
    .select(['subscriber_id', 'form_id', 'wording', 'created_at'])
    .where('action', '=', 'subscribe')
    .where('subscriber_id', 'in', rows.map((row) => row.id))
    .orderBy('id')
    .execute();
  // Ordered by id, so the last one written per subscriber wins.
  const latest = new Map(consents.map((consent) => [consent.subscriber_id, consent]));
  return rows.map((row) => {
    const consent = latest.get(row.id);
    return {
      id: row.id,
      email: row.email,
      status: row.status,
      lists: JSON.parse(row.lists) as number[],
      sms: row.sms,
      attributes: { ...(JSON.parse(row.attributes) as Record<string, string>), ...(JSON.parse(row.dates) as Record<string, string>) },
      createdAt: row.created_at,
      confirmedAt: row.confirmed_at,
      unsubscribedAt: row.unsubscribed_at,
      consent: consent === undefined ? null : { formId: consent.form_id, wording: consent.wording, at: consent.created_at },
    };
  });
}

const BATCH = 500;

/** Every subscriber of `filter`, oldest first, a batch at a time. */
export async function* subscriberBatches(db: Kysely<Database>, filter: SubscriberFilter): AsyncGenerator<SubscriberListing[]> {
  let after = 0;
  for (;;) {
    const rows = await filteredSubscribers(db, filter).selectAll().where('id', '>', after).orderBy('id').limit(BATCH).execute();
    if (rows.length === 0) return;
    yield await listingsOf(db, rows);
    after = rows[rows.length - 1]!.id;
    if (rows.length < BATCH) return;
  }
}

export async function listSubscribers(db: Kysely<Database>, filter: SubscriberFilter = {}): Promise<SubscriberListing[]> {
  const all: SubscriberListing[] = [];
  for await (const batch of subscriberBatches(db, filter)) all.push(...batch);
  return all;
}

/** The attribute names any subscriber of `filter` has, sorted: the CSV's attribute columns. */
async function attributeNamesOf(db: Kysely<Database>, filter: SubscriberFilter): Promise<string[]> {
  const names = new Set<string>();
  let after = 0;
  for (;;) {
    const rows = await filteredSubscribers(db, filter).select(['id', 'attributes', 'dates']).where('id', '>', after).orderBy('id').limit(BATCH).execute();
    for (const row of rows) for (const json of [row.attributes, row.dates]) for (const name of Object.keys(JSON.parse(json) as object)) names.add(name);
    if (rows.length < BATCH) return [...names].sort();
    after = rows[rows.length - 1]!.id;
  }
}

/** A plain-text table, one line per subscriber. */
/** Times in `timeZone` (SITE_TIMEZONE). */
export function formatSubscribers(subscribers: readonly SubscriberListing[], timeZone: string): string {
  if (subscribers.length === 0) return 'No subscribers.\n';
  const time = (value: string | null) => (value === null ? '-' : formatSiteTime(value, timeZone));
  const header = ['id', 'email', 'status', 'lists', 'created', 'confirmed', 'unsubscribed', 'form'];
  const rows = subscribers.map((item) => [
    String(item.id),
    item.email.length > 40 ? `${item.email.slice(0, 39)}…` : item.email,
    item.status,
    item.lists.join(','),
    time(item.createdAt),
    time(item.confirmedAt),
    time(item.unsubscribedAt),
    item.consent?.formId == null ? '-' : String(item.consent.formId),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd();
  const out = [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
  out.push('', `${subscribers.length} subscriber${subscribers.length === 1 ? '' : 's'}.`);
  return `${out.join('\n')}\n`;
}

/** The two CSV files: every column for a spreadsheet, or Brevo's import columns for a mailing service. */
export type SubscribersCsvKind = 'spreadsheet' | 'mailing-service';

/**
 * The spreadsheet's words (README.md, "The console": subscribers): lists, forms and attributes
 * by the newsletter forms' names for them, times on the company's clock (SITE_TIMEZONE).
 */
export interface SpreadsheetWords {
  names: NewsletterNames;
  timeZone: string;
}

const SPREADSHEET_COLUMNS = {
  before: ['Email', 'Status', 'Lists', 'SMS'],
  after: ['Signed up', 'Confirmed', 'Unsubscribed', 'Sign-up form', 'Consent (the words agreed to)', 'Consent given'],
} as const;

/** An attribute's column: the sign-up form's label for it, with its Brevo name ("First name (FIRSTNAME)"). */
const attributeColumn = (words: SpreadsheetWords, name: string) => {
  const label = words.names.attributeLabels[name];
  return label === undefined || label === name ? name : `${label} (${name})`;
};

function spreadsheetRow(item: SubscriberListing, attributeNames: readonly string[], words: SpreadsheetWords): string[] {
  const time = (value: string | null | undefined) => (value == null ? '' : siteClockTime(value, words.timeZone));
  const form = item.consent?.formId == null ? null : words.names.form(item.consent.formId);
  return [
    item.email,
    SUBSCRIBER_STATUS_WORDS[item.status],
    item.lists.map((id) => words.names.list(id).label).join('; '),
    item.sms ?? '',
    ...attributeNames.map((name) => item.attributes[name] ?? ''),
    time(item.createdAt),
    time(item.confirmedAt),
    time(item.unsubscribedAt),
    form === null ? '' : form.title || `Form ${form.id}`,
    item.consent?.wording ?? '',
    time(item.consent?.at),
  ];
}

/**
 * For a spreadsheet: RFC 4180 CSV (reports/csv.ts: formula-safe cells), one column per
 * attribute any subscriber has; SMS numbers, which start with +, therefore read '+27….
 */
export function subscribersCsv(subscribers: readonly SubscriberListing[], words: SpreadsheetWords): string {
  const attributeNames = [...new Set(subscribers.flatMap((item) => Object.keys(item.attributes)))].sort();
  return csvText([[...SPREADSHEET_COLUMNS.before, ...attributeNames.map((name) => attributeColumn(words, name)), ...SPREADSHEET_COLUMNS.after], ...subscribers.map((item) => spreadsheetRow(item, attributeNames, words))]);
}

/**
 * A CSV file of `filter`'s subscribers, in pieces; `done(rows, complete)` runs after the last
 * row, or when the download is broken off (`complete` false: the rows sent so far), so every
 * export is audited however it ends.
 * - `spreadsheet`: every subscriber of the filter, every column, formula-safe cells.
 * - `mailing-service`: Brevo's contact import: only subscribed people, `EMAIL`, the attributes
 *   by their Brevo names (dates yyyy-mm-dd), `SMS` with its country code (+27…). Every cell is
 *   formula-safe as the spreadsheet's are (a first name is whatever a visitor typed), but for an
 *   SMS number that is a plain `+` and digits, as Brevo's import takes it: an apostrophe there
 *   would make the number one Brevo refuses (README.md, "Abuse paths and the limits that stop them").
 */
export async function* subscribersCsvChunks(
  db: Kysely<Database>,
  filter: SubscriberFilter,
  kind: SubscribersCsvKind,
  words: SpreadsheetWords,
  done: (rows: number, complete: boolean) => Promise<void> = async () => {},
): AsyncGenerator<string> {
  const brevo = kind === 'mailing-service';
  const chosen: SubscriberFilter = brevo ? { ...filter, status: 'subscribed' } : filter;
  let count = 0;
  let complete = false;
  try {
    const names = await attributeNamesOf(db, chosen);
    yield csvText([brevo ? ['EMAIL', ...names, 'SMS'] : [...SPREADSHEET_COLUMNS.before, ...names.map((name) => attributeColumn(words, name)), ...SPREADSHEET_COLUMNS.after]]);
    for await (const batch of subscriberBatches(db, chosen)) {
      yield brevo
        ? csvText(batch.map((item) => [item.email, ...names.map((name) => item.attributes[name] ?? ''), phoneNumberCell(item.sms ?? '')]))
        : csvText(batch.map((item) => spreadsheetRow(item, names, words)));
      count += batch.length;
    }
    complete = true;
  } finally {
    await done(count, complete);
  }
}
