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
 * Indexes messages stored before the index existed (or by a version that did not write it),
 * and reads the phone number of rows indexed before the index held one (migration 0032); run
 * when the app starts. Answers how many rows it wrote. Safe to run from two processes at once.
 */
export async function backfillMessageIndex(db: Kysely<Database>, catalogue: MessageCatalogue): Promise<number> {
  return (await indexUnindexed(db, catalogue)) + (await readMissingPhones(db, catalogue));
}

async function indexUnindexed(db: Kysely<Database>, catalogue: MessageCatalogue): Promise<number> {
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

/** The phone number of every row indexed before migration 0032, a batch at a time, by keyset. */
async function readMissingPhones(db: Kysely<Database>, catalogue: MessageCatalogue): Promise<number> {
  let read = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('submission_index as i')
      .innerJoin('submissions as s', 's.id', 'i.submission_id')
      .select(['s.id', 's.form_id', 's.posted_data'])
      .where('i.phone', 'is', null)
      .where('i.submission_id', '>', after)
      .orderBy('i.submission_id')
      .limit(BACKFILL_BATCH)
      .execute();
    if (rows.length === 0) return read;
    await db.transaction().execute(async (trx) => {
      for (const row of rows) {
        const { phone } = projectMessage(catalogue, row.form_id, storedObject(row.posted_data));
        await trx.updateTable('submission_index').set({ phone }).where('submission_id', '=', row.id).where('phone', 'is', null).execute();
      }
    });
    read += rows.length;
    after = rows[rows.length - 1]!.id;
  }
}
