import type { Kysely, Transaction } from 'kysely';
import type { Database, OutboxRequest } from '../db/types.ts';
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
        const ids = await db.transaction().execute((trx) => insertSubmissions(trx, catalogue, batch.map((waiting) => waiting.submission)));
        batch.forEach((waiting, index) => waiting.resolve(ids[index] as number));
      } catch (error) {
        if (batch.length === 1) {
          batch[0]?.reject(error);
          continue;
        }
        for (const waiting of batch) {
          try {
            const [id] = await db.transaction().execute((trx) => insertSubmissions(trx, catalogue, [waiting.submission]));
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

/** Writes submissions with their index rows, files and outbox rows; their ids, in their order. */
async function insertSubmissions(trx: Transaction<Database>, catalogue: MessageCatalogue, submissions: readonly PendingSubmission[]): Promise<number[]> {
  const inserted = await trx
    .insertInto('submissions')
    .values(submissions.map(({ record }) => submissionRow(record)))
    .returning('id')
    .execute();
  // Neither database promises RETURNING's order, but one statement takes its ids (PostgreSQL's
  // sequence, SQLite's next rowid) one after the other, in the order of its rows.
  const ids = inserted.map((row) => row.id).sort((a, b) => a - b);
  if (ids.length !== submissions.length) throw new Error(`${submissions.length} submissions inserted, ${ids.length} ids returned`);
  const idOf = (index: number) => ids[index] as number;
  await trx
    .insertInto('submission_index')
    .values(submissions.map(({ record }, index) => messageIndexRow(catalogue, { id: idOf(index), formId: record.formId, postedData: record.postedData })))
    .execute();
  const files = submissions.flatMap(({ record, files }, index) =>
    files.map((file) => ({
      submission_id: idOf(index),
      field: file.field,
      stored_name: file.storedName,
      original_name: file.filename,
      media_type: file.mediaType,
      size: file.size,
      created_at: record.createdAt,
    })),
  );
  if (files.length > 0) await trx.insertInto('submission_files').values(files).execute();
  await trx
    .insertInto('outbox')
    .values(
      submissions.flatMap(({ record, mail, requests = [] }, index) => [
        outboxMailRow({ ...mail, submissionId: idOf(index), createdAt: record.createdAt }),
        ...requests.map((request) => outboxRequestRow(request, { submissionId: idOf(index), createdAt: record.createdAt })),
      ]),
    )
    .execute();
  return ids;
}
