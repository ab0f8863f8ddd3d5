import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { dialectOf } from '../db/dialect.ts';
import { PREPARED } from '../db/prepared-statements.ts';
import type { Database, OutboxRequest, OutboxTable, SubmissionFilesTable, SubmissionIndexTable } from '../db/types.ts';
import { arrivalsSettled } from '../db/arrivals-settled.ts';
import { outboxMailRow } from '../mail/enqueue-mail.ts';
import { outboxRequestRow } from '../mail/enqueue-request.ts';
import type { ComposedMail } from '../mail/composed-mail.ts';
import { createMessageCatalogue, type MessageCatalogue } from './message-forms.ts';
import { indexMessage, messageIndexRow } from './message-index.ts';
import { submissionRow, type SubmissionRecord } from './submission-record.ts';

/*
 * Group commit for accepted submissions. Each submission is written with its files' rows and
 * its mail in one transaction, as before; submissions that reach this point in the same few
 * turns of the event loop (arrivals-settled.ts), or while a transaction is being committed,
 * are committed together. Under load that turns many small commits (each a write to the
 * database's log) into a few larger ones; a lone submission waits one turn. Every caller is answered only after the commit that holds its rows, so
 * an acknowledged submission is always durable. If a shared transaction fails, its
 * submissions are retried one by one, so one bad row cannot fail the others.
 * A batch is written with one multi-row insert per table (submissions, their index rows, their
 * files, their outbox rows), not one per row: on PostgreSQL every statement is a round trip,
 * and the statements per submission had bounded its rate (README.md, "Measured").
 */

/** A file already stored in UPLOAD_DIR, as its row records it. */
export interface SubmissionFile {
  field: string;
  storedName: string;
  /** The visitor's base name, a label for the mail. */
  filename: string;
  mediaType: string;
  size: number;
}

export interface PendingSubmission {
  record: SubmissionRecord;
  files: readonly SubmissionFile[];
  mail: ComposedMail;
  /** Requests to outside APIs the form sends after it (its API actions), on the outbox's http channel. */
  requests?: readonly OutboxRequest[];
}

interface Waiting {
  submission: PendingSubmission;
  resolve: (id: number) => void;
  reject: (error: unknown) => void;
}

const MAX_BATCH = 32;
/** Turns of the event loop a commit waits for more submissions while they keep coming. */
const SETTLE_TURNS = 2;

/** The app's group-commit writer (decorated as `app.submissionWriter`). */
export interface SubmissionWriter {
  /** Commits a submission, its files and its mail; resolves with the submission's id. */
  write(submission: PendingSubmission): Promise<number>;
  /** Stores a spam submission (kept, flagged, with no files and no mail) with its search index row, on its own. */
  storeSpam(record: SubmissionRecord, reason: string): Promise<number>;
  /** Refuses new writes and resolves once every queued submission is committed (or failed). */
  close(): Promise<void>;
}

export class SubmissionWriterClosedError extends Error {
  override readonly name = 'SubmissionWriterClosedError';
  constructor() {
    super('the submission writer is closed: the server is shutting down');
  }
}

/** `catalogue`: the forms whose fields the search index reads (server/submissions/message-forms.ts). */
export function createSubmissionWriter(db: Kysely<Database>, catalogue: MessageCatalogue = createMessageCatalogue()): SubmissionWriter {
  const queue: Waiting[] = [];
  let drained: Promise<void> | null = null;
  let closed = false;

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_BATCH);
      try {
        const ids = await writeBatch(db, catalogue, batch.map((waiting) => waiting.submission));
        batch.forEach((waiting, index) => waiting.resolve(ids[index] as number));
      } catch (error) {
        if (batch.length === 1) {
          batch[0]?.reject(error);
          continue;
        }
        for (const waiting of batch) {
          try {
            const [id] = await writeBatch(db, catalogue, [waiting.submission]);
            waiting.resolve(id as number);
          } catch (single) {
            waiting.reject(single);
          }
        }
      }
    }
    drained = null;
  }

  return {
    write(submission) {
      if (closed) return Promise.reject(new SubmissionWriterClosedError());
      return new Promise<number>((resolve, reject) => {
        queue.push({ submission, resolve, reject });
        drained ??= arrivalsSettled(() => queue.length, SETTLE_TURNS).then(drain);
      });
    },
    storeSpam(record, reason) {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('submissions')
          .values({ ...submissionRow(record), spam: 1, spam_reason: reason })
          .returning('id')
          .executeTakeFirstOrThrow();
        await indexMessage(trx, catalogue, { id, formId: record.formId, postedData: record.postedData });
        return id;
      });
    },
    async close() {
      closed = true;
      await drained;
    },
  };
}

/** A batch's rows, each row of a file or the outbox naming its submission by its place in the batch (`of`). */
interface BatchRows {
  submissions: Array<ReturnType<typeof submissionRow>>;
  index: Array<Omit<Insertable<SubmissionIndexTable>, 'submission_id'>>;
  files: Array<Omit<Insertable<SubmissionFilesTable>, 'submission_id'> & { of: number }>;
  outbox: Array<Omit<Insertable<OutboxTable>, 'submission_id'> & { of: number }>;
}

function batchRows(catalogue: MessageCatalogue, submissions: readonly PendingSubmission[]): BatchRows {
  const rows: BatchRows = { submissions: [], index: [], files: [], outbox: [] };
  for (const [of, { record, files, mail, requests = [] }] of submissions.entries()) {
    rows.submissions.push(submissionRow(record));
    const { submission_id: _id, ...index } = messageIndexRow(catalogue, { id: 0, formId: record.formId, postedData: record.postedData });
    rows.index.push(index);
    for (const file of files) {
      rows.files.push({ of, field: file.field, stored_name: file.storedName, original_name: file.filename, media_type: file.mediaType, size: file.size, created_at: record.createdAt });
    }
    const { submission_id: _mail, ...mailRow } = outboxMailRow({ ...mail, createdAt: record.createdAt });
    rows.outbox.push({ of, ...mailRow });
    for (const request of requests) {
      const { submission_id: _request, ...requestRow } = outboxRequestRow(request, { submissionId: null, createdAt: record.createdAt });
      rows.outbox.push({ of, ...requestRow });
    }
  }
  return rows;
}

/** Writes a batch: its submissions' ids, in their order. */
function writeBatch(db: Kysely<Database>, catalogue: MessageCatalogue, submissions: readonly PendingSubmission[]): Promise<number[]> {
  const rows = batchRows(catalogue, submissions);
  return dialectOf(db) === 'postgres' ? writeInOneStatement(db, rows) : db.transaction().execute((trx) => writeInOneTransaction(trx, rows));
}

/**
 * SQLite: one multi-row insert per table in a transaction (better-sqlite3 runs them in this
 * process, without a round trip).
 */
async function writeInOneTransaction(trx: Transaction<Database>, rows: BatchRows): Promise<number[]> {
  const inserted = await trx.insertInto('submissions').values(rows.submissions).returning('id').execute();
  // SQLite does not promise RETURNING's order, but one statement takes its rowids one after
  // the other, in the order of its rows.
  const ids = inserted.map((row) => row.id).sort((a, b) => a - b);
  if (ids.length !== rows.submissions.length) throw new Error(`${rows.submissions.length} submissions inserted, ${ids.length} ids returned`);
  const idOf = (of: number) => ids[of] as number;
  await trx
    .insertInto('submission_index')
    .values(rows.index.map((row, of) => ({ submission_id: idOf(of), ...row })))
    .execute();
  if (rows.files.length > 0) await trx.insertInto('submission_files').values(rows.files.map(({ of, ...row }) => ({ submission_id: idOf(of), ...row }))).execute();
  await trx
    .insertInto('outbox')
    .values(rows.outbox.map(({ of, ...row }) => ({ submission_id: idOf(of), ...row })))
    .execute();
  return ids;
}

/**
 * PostgreSQL: the whole batch in one statement, committed on its own: one round trip instead
 * of a BEGIN, an insert per table and a COMMIT. Each column travels as one array parameter
 * (unnest), so the statement's text is the same for every batch. The submissions' ids are
 * taken from their sequence first, one per row in `v`, and every other row finds its
 * submission's id there by its place in the batch. Prepared once per connection
 * (db/prepared-statements.ts): only whether the batch has files changes the text.
 */
async function writeInOneStatement(db: Kysely<Database>, rows: BatchRows): Promise<number[]> {
  const submission = columnsOf(rows.submissions);
  const index = columnsOf(rows.index);
  const file = columnsOf(rows.files, ['of', 'size']);
  const outbox = columnsOf(rows.outbox, ['of']);
  const { rows: written } = await sql<{ id: number }>`${sql.raw(PREPARED)}
    with v as (
      select nextval(pg_get_serial_sequence('submissions', 'id'))::integer as id, u.*
      from ${unnest(rows.submissions, submission)} with ordinality as u(${columnList(submission)}, ord)
    ), s as (
      insert into submissions (id, ${columnList(submission)}) select id, ${columnList(submission)} from v
    ), i as (
      insert into submission_index (submission_id, ${columnList(index)})
      select v.id, ${columnList(index, 'x')} from ${unnest(rows.index, index)} with ordinality as x(${columnList(index)}, ord) join v on v.ord = x.ord
    )${rows.files.length === 0 ? sql`` : sql`, f as (
      insert into submission_files (submission_id, ${columnList(file.slice(1))})
      select v.id, ${columnList(file.slice(1), 'y')} from ${unnest(rows.files, file)} as y(${columnList(file)}) join v on v.ord = y.of + 1
    )`}, o as (
      insert into outbox (submission_id, ${columnList(outbox.slice(1))})
      select v.id, ${columnList(outbox.slice(1), 'z')} from ${unnest(rows.outbox, outbox)} with ordinality as z(${columnList(outbox)}, k) join v on v.ord = z.of + 1 order by z.k
    )
    select id from v order by ord`.execute(db);
  return written.map((row) => row.id);
}

interface Column {
  name: string;
  type: 'text' | 'integer';
}

/** The columns of a batch's rows of one table (every row has the same keys), `of` first; `integers` are integer columns, the rest text. */
function columnsOf(rows: ReadonlyArray<object>, integers: readonly string[] = []): Column[] {
  const names = Object.keys(rows[0] ?? {});
  if (names.includes('of')) names.sort((a, b) => Number(b === 'of') - Number(a === 'of'));
  return names.map((name) => ({ name, type: integers.includes(name) ? 'integer' : 'text' }));
}

function columnList(columns: readonly Column[], table?: string) {
  return sql.join(columns.map(({ name }) => (table === undefined ? sql.id(name) : sql.id(table, name))));
}

/** `unnest($1::text[], $2::integer[], …)`: one array parameter per column. */
function unnest(rows: ReadonlyArray<object>, columns: readonly Column[]) {
  return sql`unnest(${sql.join(columns.map(({ name, type }) => sql`${sql.val(rows.map((row) => (row as Record<string, unknown>)[name] ?? null))}::${sql.raw(type)}[]`))})`;
}
