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
 * formula-safe (server/reports/csv.ts); an owner's only, as the subscriber exports are.
 */

export const EXPORT_COLUMNS = ['id', 'received', 'form', 'name', 'email', 'company', 'subject', 'message', 'state', 'spam reason', 'page', 'answered', 'notes'] as const;

const BATCH = 500;

function pageOf(meta: string): string {
  const url = storedObject(meta).url;
  return typeof url === 'string' ? url : '';
}

/**
 * The export's text, in pieces; `done(rows, complete)` runs once the last row is written, or
 * when the download is broken off (`complete` false: the rows sent so far), so every export is
 * audited however it ends.
 */
export async function* exportRows(
  db: Kysely<Database>,
  catalogue: MessageCatalogue,
  filter: InboxFilter,
  timeZone: string,
  done: (rows: number, complete: boolean) => Promise<void>,
): AsyncGenerator<string> {
  let count = 0;
  let complete = false;
  try {
    yield* messageRows();
    complete = true;
  } finally {
    await done(count, complete);
  }

  async function* messageRows(): AsyncGenerator<string> {
  yield `\uFEFF${csvText([[...EXPORT_COLUMNS]])}`;
  let after: Keyset | null = null;
  for (;;) {
    const rows = await listMessages(db, filter, { timeZone, after, limit: BATCH });
    if (rows.length === 0) break;
    // Each message's internal notes, oldest first, one line each: "when, by whom: what".
    const notes = new Map<number, string[]>();
    for (const note of await db.selectFrom('message_notes').select(['submission_id', 'author', 'body', 'created_at']).where('submission_id', 'in', rows.map((row) => row.id)).orderBy('id').execute()) {
      notes.set(note.submission_id, [...(notes.get(note.submission_id) ?? []), `${siteClockTime(note.created_at, timeZone)}, ${note.author}: ${note.body}`]);
    }
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
        row.answered_at === null ? '' : `${siteClockTime(row.answered_at, timeZone)}, ${row.answered_by ?? ''}`,
        (notes.get(row.id) ?? []).join('\n'),
      ]),
    );
    count += rows.length;
    const last = rows[rows.length - 1]!;
    after = { id: last.id };
    if (rows.length < BATCH) break;
  }
  }
}
