import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, SubmissionIndexTable } from '../db/types.ts';
import { projectMessage, storedObject, type MessageCatalogue } from './message-forms.ts';

/*
 * Writes the inbox's search index (ARCHITECTURE.md, "The inbox's search index"): a message's
 * row is written in the transaction that stores the message, so every stored message is
 * searchable the moment it is committed, and none is indexed that was not stored.
 */

export async function indexMessage(
  trx: Kysely<Database> | Transaction<Database>,
  catalogue: MessageCatalogue,
  submission: { id: number; formId: string; postedData: Readonly<Record<string, unknown>> },
): Promise<void> {
  await trx.insertInto('submission_index').values(messageIndexRow(catalogue, submission)).execute();
}

/** A message's row of the index, for one insert or many (the group-commit writer's). */
export function messageIndexRow(
  catalogue: MessageCatalogue,
  submission: { id: number; formId: string; postedData: Readonly<Record<string, unknown>> },
): Insertable<SubmissionIndexTable> {
  return { submission_id: submission.id, ...projectMessage(catalogue, submission.formId, submission.postedData) };
}

const BACKFILL_BATCH = 500;

/**
 * Indexes messages stored before the index existed (or by a version that did not write it);
 * run when the app starts. Answers how many it indexed. Safe to run from two processes at once.
 */
export async function backfillMessageIndex(db: Kysely<Database>, catalogue: MessageCatalogue): Promise<number> {
  let indexed = 0;
  for (;;) {
    const rows = await db
      .selectFrom('submissions as s')
      .leftJoin('submission_index as i', 'i.submission_id', 's.id')
      .select(['s.id', 's.form_id', 's.posted_data'])
      .where('i.submission_id', 'is', null)
      .orderBy('s.id')
      .limit(BACKFILL_BATCH)
      .execute();
    if (rows.length === 0) return indexed;
    await db
      .insertInto('submission_index')
      .values(rows.map((row) => ({ submission_id: row.id, ...projectMessage(catalogue, row.form_id, storedObject(row.posted_data)) })))
      .onConflict((conflict) => conflict.column('submission_id').doNothing())
      .execute();
    indexed += rows.length;
  }
}
