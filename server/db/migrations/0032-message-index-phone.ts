import { sql, type Kysely } from 'kysely';

/*
 * The phone number of each message in the inbox's index (ARCHITECTURE.md, "The inbox's search
 * index"): the value of the field the message's form declares as its phone field, without
 * separators (`+27 82 555 0123` → `+27825550123`), so a privacy request by number finds the
 * messages a person sent from their own number in that field only (README.md, "Privacy"): a
 * number typed into any other field is a mention, never what makes a message theirs. Null until
 * read: the rows indexed before this migration get theirs when the app starts
 * (server/submissions/message-index.ts, backfillMessageIndex), as the index itself did. Not a
 * search part: the inbox's full-text search (0013) is unchanged.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table submission_index add column phone text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table submission_index drop column phone`.execute(db);
}
