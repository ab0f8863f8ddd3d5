import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { csvText } from '../reports/csv.ts';
import { postedText, storedObject, type MessageCatalogue } from '../submissions/message-forms.ts';
import { listMessages, type InboxFilter, type Keyset } from './inbox-list.ts';
import { formRef } from './inbox-messages.ts';
import { siteClockTime } from '../reports/site-days.ts';

/*
 * The inbox's CSV export (README.md, "The inbox"): every message of the current filter,
 * written as it is read from the database a batch at a time by keyset (never the whole
 * export in memory), UTF-8 with a byte order mark so spreadsheets read it as UTF-8, each cell
 * formula-safe (server/reports/csv.ts); an owner's only, as the subscriber exports are.
 * Columns an owner can read: every field the exported forms have, each under its label (one
 * column per label: "Name" of two forms is one column), between the message's number, time (in
 * SITE_TIMEZONE) and form, and its state, notes and the rest; a posted field no form has any
 * more is in "Other fields" as "name: value" lines.
 */

/** The columns before the forms' fields, and after them. */
export const EXPORT_LEADING_COLUMNS = ['Number', 'Received', 'Form'] as const;
export const EXPORT_TRAILING_COLUMNS = ['Other fields', 'State', 'Spam reason', 'Page', 'Answered', 'Notes'] as const;

/** The field columns of an export: the labels of the filter's form, or of every form, in their order, each once. */
export function fieldColumns(catalogue: MessageCatalogue, formId: string | undefined): string[] {
  const forms = formId === undefined ? catalogue.forms : catalogue.forms.filter((form) => form.id === formId);
  return [...new Set(forms.flatMap((form) => form.fields.map((field) => columnOf(field.label))))];
}

/** A field's column: its label without "(optional)", which says nothing in a spreadsheet. */
const columnOf = (label: string) => label.replace(/\s*\(optional\)\s*$/i, '');

/** A posted value as its cell: a ticked agreement says so with its words. */
function fieldCell(value: unknown, agreement: string | undefined): string {
  // Trimmed, as the inbox shows it: a leading line break or tab is no part of the answer.
  const text = postedText(value).trim();
  if (agreement === undefined) return text;
  return text === '' || text === '0' ? '' : `Ticked: “${agreement}”`;
}

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
  const labels = fieldColumns(catalogue, filter.form);
  const column = new Map(labels.map((label, index) => [label, index]));
  yield `\uFEFF${csvText([[...EXPORT_LEADING_COLUMNS, ...labels, ...EXPORT_TRAILING_COLUMNS]])}`;
  let after: Keyset | null = null;
  for (;;) {
    const rows = await listMessages(db, filter, { timeZone, after, limit: BATCH });
    if (rows.length === 0) break;
    const ids = rows.map((row) => row.id);
    // Each message's internal notes, oldest first, one line each: "when, by whom: what".
    const notes = new Map<number, string[]>();
    for (const note of await db.selectFrom('message_notes').select(['submission_id', 'author', 'body', 'created_at']).where('submission_id', 'in', ids).orderBy('id').execute()) {
      notes.set(note.submission_id, [...(notes.get(note.submission_id) ?? []), `${siteClockTime(note.created_at, timeZone)}, ${note.author}: ${note.body}`]);
    }
    const posted = new Map((await db.selectFrom('submissions').select(['id', 'posted_data']).where('id', 'in', ids).execute()).map((row) => [row.id, storedObject(row.posted_data)]));
    yield csvText(
      rows.map((row) => {
        const fields = posted.get(row.id) ?? {};
        const form = catalogue.find(row.form_id);
        const cells = labels.map(() => '');
        const others: string[] = [];
        const known = new Map((form?.fields ?? []).map((field) => [field.name, field]));
        // Two fields of one form under the same label: the first has the column, the other goes to Other fields.
        const taken = new Set<number>();
        for (const [name, value] of Object.entries(fields)) {
          const field = known.get(name);
          const at = field === undefined ? undefined : column.get(columnOf(field.label));
          if (field !== undefined && at !== undefined && !taken.has(at)) {
            taken.add(at);
            cells[at] = fieldCell(value, field.agreement);
          } else if (postedText(value).trim() !== '') others.push(`${name}: ${postedText(value).trim()}`);
        }
        return [
          String(row.id),
          siteClockTime(row.created_at, timeZone),
          formRef(catalogue, row.form_id).title,
          ...cells,
          others.join('\n'),
          row.spam === 1 ? 'Spam' : row.read_at === null ? 'New' : 'Read',
          row.spam === 1 ? (row.spam_reason ?? 'spam') : '',
          pageOf(row.meta),
          row.answered_at === null ? '' : `${siteClockTime(row.answered_at, timeZone)}, ${row.answered_by ?? ''}`,
          (notes.get(row.id) ?? []).join('\n'),
        ];
      }),
    );
    count += rows.length;
    const last = rows[rows.length - 1]!;
    after = { id: last.id };
    if (rows.length < BATCH) break;
  }
  }
}
