import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { csvText } from '../reports/csv.ts';
import { storedObject, type MessageCatalogue } from '../submissions/message-forms.ts';
import { listMessages, type InboxFilter, type Keyset } from './inbox-list.ts';
import { formRef } from './inbox-messages.ts';
import { siteClockTime } from '../reports/site-days.ts';

/*
 * The inbox's CSV export (README.md, "The inbox"): every message of the current filter,
 * written as it is read from the database a batch at a time by keyset (never the whole
 * export in memory), UTF-8 with a byte order mark so spreadsheets read it as UTF-8, each cell
 * formula-safe (server/reports/csv.ts).
 */

export const EXPORT_COLUMNS = ['id', 'received', 'form', 'name', 'email', 'company', 'subject', 'message', 'state', 'spam reason', 'page'] as const;

const BATCH = 500;

function pageOf(meta: string): string {
  const url = storedObject(meta).url;
  return typeof url === 'string' ? url : '';
}

/** The export's text, in pieces; `done(rows)` runs once the last row is written. */
export async function* exportRows(
  db: Kysely<Database>,
  catalogue: MessageCatalogue,
  filter: InboxFilter,
  timeZone: string,
  done: (rows: number) => Promise<void>,
): AsyncGenerator<string> {
  yield `\uFEFF${csvText([[...EXPORT_COLUMNS]])}`;
  let after: Keyset | null = null;
  let count = 0;
  for (;;) {
    const rows = await listMessages(db, filter, { timeZone, after, limit: BATCH });
    if (rows.length === 0) break;
    yield csvText(
      rows.map((row) => [
        String(row.id),
        siteClockTime(row.created_at, timeZone),
        formRef(catalogue, row.form_id).title,
        row.name ?? '',
        row.email ?? '',
        row.company ?? '',
        row.subject ?? '',
        row.message ?? '',
        row.spam === 1 ? 'spam' : row.read_at === null ? 'new' : 'read',
        row.spam === 1 ? (row.spam_reason ?? 'spam') : '',
        pageOf(row.meta),
      ]),
    );
    count += rows.length;
    const last = rows[rows.length - 1]!;
    after = { id: last.id };
    if (rows.length < BATCH) break;
  }
  await done(count);
}
