import type { Transaction } from 'kysely';
import { NAMED_REVISIONS_KEPT, REVISIONS_KEPT } from '../../content/content-limits.ts';
import type { Database } from '../db/types.ts';

/*
 * The revisions a document keeps (README.md, "Abuse paths and the limits that stop them";
 * content/content-limits.ts): its newest REVISIONS_KEPT, the live one among them, and its
 * newest NAMED_REVISIONS_KEPT with a note. Called in the transaction that stores a revision,
 * after it: the store never holds more than that of a document once it has been published to.
 * A deleted revision cannot be restored or compared; the revision numbers of the others stay
 * (the live revision is always the highest: generation stamps and conflicts still read it).
 */
export async function pruneRevisions(trx: Transaction<Database>, document: string): Promise<number> {
  const newest = await trx.selectFrom('content_revisions').select('id').where('document', '=', document).orderBy('id', 'desc').limit(REVISIONS_KEPT).execute();
  // Fewer than REVISIONS_KEPT: nothing to prune (the common case, one query).
  if (newest.length < REVISIONS_KEPT) return 0;
  const named = await trx
    .selectFrom('content_revisions')
    .select('id')
    .where('document', '=', document)
    .where('note', '<>', '')
    .orderBy('id', 'desc')
    .limit(NAMED_REVISIONS_KEPT)
    .execute();
  const kept = [...new Set([...newest, ...named].map((row) => Number(row.id)))];
  const result = await trx.deleteFrom('content_revisions').where('document', '=', document).where('id', 'not in', kept).executeTakeFirst();
  return Number(result.numDeletedRows);
}
