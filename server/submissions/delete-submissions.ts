import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types.ts';

/**
 * Deletes messages with everything that hangs off them (their outbox rows, their files' rows,
 * their search index rows, their internal notes) inside the caller's transaction, and answers the stored names of
 * their files. The caller removes those files from disk after the commit (upload-store.ts
 * `removeUploads`): a file is never gone while its message still refers to it. The one way a
 * message is deleted: the owner's delete in the inbox, an erasure and the retention job.
 */
export async function deleteSubmissions(trx: Kysely<Database> | Transaction<Database>, ids: readonly number[]): Promise<Array<{ storedName: string }>> {
  if (ids.length === 0) return [];
  const stored: Array<{ storedName: string }> = [];
  // In slices: SQLite allows a limited number of bound parameters per statement.
  for (let start = 0; start < ids.length; start += 500) {
    const slice = ids.slice(start, start + 500);
    stored.push(...(await trx.selectFrom('submission_files').select('stored_name as storedName').where('submission_id', 'in', slice).execute()));
    await trx.deleteFrom('outbox').where('submission_id', 'in', slice).execute();
    await trx.deleteFrom('submission_files').where('submission_id', 'in', slice).execute();
    await trx.deleteFrom('submission_index').where('submission_id', 'in', slice).execute();
    await trx.deleteFrom('message_notes').where('submission_id', 'in', slice).execute();
    await trx.deleteFrom('submissions').where('id', 'in', slice).execute();
  }
  return stored;
}
